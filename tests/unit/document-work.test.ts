import { describe, expect, it } from 'vitest';
import { documentWorkStepsOf, type DocumentTracks } from '../../machines/document-work';
import { pickupDateProblem } from '../../machines/shipment';
import { courierAddressOf } from '../../server/courier/courier-address';

const tracks = (overrides: Partial<DocumentTracks>): DocumentTracks => ({ status: 'active', bilyetStatus: 'none', shipmentStatus: null, signatureStatus: null, ...overrides });

describe('Proses Dokumen: the open step of a deposit\'s documents', () => {
  it('a running deposit without a bilyet waits for it to be printed and uploaded; a matured one needs none for its payout', () => {
    expect(documentWorkStepsOf(tracks({ status: 'approved' }))).toEqual(['upload']);
    expect(documentWorkStepsOf(tracks({ status: 'active', bilyetStatus: 'lost' }))).toEqual(['upload']);
    expect(documentWorkStepsOf(tracks({ status: 'matured' }))).toEqual([]);
    expect(documentWorkStepsOf(tracks({ status: 'pending' }))).toEqual([]);
  });

  it('an issued bilyet is to ship; a shipped one is in transit while JNE has it, else staff record the receipt', () => {
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'issued' }))).toEqual(['ship']);
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'shipped', shipmentStatus: 'inTransit' }))).toEqual(['transit']);
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'shipped', shipmentStatus: 'requested' }))).toEqual(['transit']);
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'shipped', shipmentStatus: null }))).toEqual(['receive']);
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'shipped', shipmentStatus: 'failed' }))).toEqual(['receive']);
  });

  it('a payout waits for the received bilyet to come back; a running deposit\'s received bilyet is done', () => {
    expect(documentWorkStepsOf(tracks({ status: 'disbursing', bilyetStatus: 'received', shipmentStatus: 'delivered' }))).toEqual(['return']);
    expect(documentWorkStepsOf(tracks({ status: 'breakRequested', bilyetStatus: 'received' }))).toEqual(['return']);
    expect(documentWorkStepsOf(tracks({ status: 'active', bilyetStatus: 'received' }))).toEqual([]);
    expect(documentWorkStepsOf(tracks({ status: 'disbursing', bilyetStatus: 'returned' }))).toEqual([]);
    expect(documentWorkStepsOf(tracks({ status: 'closed', bilyetStatus: 'received' }))).toEqual([]);
  });

  it('a signature still out is its own step, alongside the bilyet\'s', () => {
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'issued', signatureStatus: 'sent' }))).toEqual(['ship', 'sign']);
    expect(documentWorkStepsOf(tracks({ bilyetStatus: 'received', signatureStatus: 'signed' }))).toEqual([]);
  });
});

describe('pickup dates a courier can be booked for', () => {
  it('today up to seven days ahead (hand-worked around a month end)', () => {
    expect(pickupDateProblem('2026-03-31', '2026-03-31')).toBeNull();
    expect(pickupDateProblem('2026-04-07', '2026-03-31')).toBeNull();
    expect(pickupDateProblem('2026-04-08', '2026-03-31')).toBe('Tanggal penjemputan paling lambat 7 hari dari hari ini (07-Apr-2026).');
    expect(pickupDateProblem('2026-03-30', '2026-03-31')).toBe('Tanggal penjemputan tidak boleh sebelum hari ini.');
  });
});

describe('a courier address from one address line', () => {
  it('takes the city after the street, the province after it, and a five-digit postal code anywhere', () => {
    expect(courierAddressOf('Jl. Merdeka No. 1, Bandung, Jawa Barat 40111')).toEqual({ address: 'Jl. Merdeka No. 1, Bandung, Jawa Barat 40111', city: 'Bandung', zip: '40111', region: 'Jawa Barat' });
    expect(courierAddressOf('Jl. Pemuda No. 12,  Kota Semarang')).toEqual({ address: 'Jl. Pemuda No. 12, Kota Semarang', city: 'Kota Semarang', zip: '', region: '' });
    expect(courierAddressOf('Jl. Ahmad Yani 5, 40521, Cimahi')).toMatchObject({ city: 'Cimahi', zip: '40521' });
  });

  it('has no city in a line without a comma, or no line at all', () => {
    expect(courierAddressOf('Jl. Tanpa Kota 3')).toBeNull();
    expect(courierAddressOf(null)).toBeNull();
    expect(courierAddressOf('  ,  ')).toBeNull();
  });
});
