import type { BankAddress } from '../../contract/geography';
import { postalCodeOf } from '../../machines/shipment';

/**
 * A courier sorts by city and postal code. A bank picks its province, city, district, village
 * and postal code from the geography (courierAddressOfPlace); a customer's address is still one
 * line ("Jl. Merdeka No. 1, Bandung, Jawa Barat 40111"), read by convention (courierAddressOf):
 * the street first, then the city (kota/kabupaten), then optionally the province; a five-digit
 * postal code anywhere. A line without a city cannot be booked.
 */
interface CourierAddress {
  /** The street line, as written (with the village when picked). */
  address: string;
  district?: string;
  city: string;
  zip: string;
  region: string;
}

/** A bank's picked address: no parsing, the areas' own names; null without a picked city. */
export function courierAddressOfPlace(place: BankAddress | null | undefined): CourierAddress | null {
  if (!place?.city) return null;
  const street = [place.street, place.village].filter((part): part is string => Boolean(part && part.trim())).join(', ');
  return {
    address: street || place.city,
    ...(place.district ? { district: place.district } : {}),
    city: place.city,
    zip: place.zipCode ?? '',
    region: place.province ?? '',
  };
}

const ZIP = /\b(\d{5})\b/;

export function courierAddressOf(line: string | null | undefined): CourierAddress | null {
  const address = (line ?? '').replace(/\s+/g, ' ').trim();
  const zip = postalCodeOf(address);
  const parts = address
    .split(',')
    .map((part) => part.replace(ZIP, '').trim())
    .filter((part) => part !== '');
  if (parts.length < 2) return null;
  return { address, city: parts[1]!, zip, region: parts[2] ?? '' };
}
