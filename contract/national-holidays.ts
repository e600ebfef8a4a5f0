/**
 * Indonesia's national holidays and collective leave (cuti bersama), the default holiday list of
 * every bank (DOMAIN.md: no transfer is made on them, so installments move to the next working
 * day). Each year comes from the joint decree of the Ministers of Religious Affairs, Manpower and
 * Administrative Reform (SKB 3 Menteri); a bank edits its own copy in Pengaturan Produk when a
 * decree is amended or a new year's decree is signed.
 */
export interface NamedHoliday {
  date: string;
  name: string;
}

/** The decree each year's list is taken from. */
export const HOLIDAY_DECREES: Record<string, string> = {
  '2026': 'SKB Menteri Agama, Menteri Ketenagakerjaan dan Menteri PANRB Nomor 1497 Tahun 2025, Nomor 2 Tahun 2025, Nomor 5 Tahun 2025',
  '2027': 'SKB Menteri Agama, Menteri Ketenagakerjaan dan Menteri PANRB Nomor 1205 Tahun 2026, Nomor 3 Tahun 2026, Nomor 2 Tahun 2026',
};

export const NATIONAL_HOLIDAYS: readonly NamedHoliday[] = [
  { date: '2026-01-01', name: 'Tahun Baru 2026 Masehi' },
  { date: '2026-01-16', name: 'Isra Mikraj Nabi Muhammad SAW' },
  { date: '2026-02-16', name: 'Cuti bersama Tahun Baru Imlek' },
  { date: '2026-02-17', name: 'Tahun Baru Imlek 2577 Kongzili' },
  { date: '2026-03-18', name: 'Cuti bersama Hari Suci Nyepi' },
  { date: '2026-03-19', name: 'Hari Suci Nyepi (Tahun Baru Saka 1948)' },
  { date: '2026-03-20', name: 'Cuti bersama Idul Fitri 1447 H' },
  { date: '2026-03-21', name: 'Idul Fitri 1447 H' },
  { date: '2026-03-22', name: 'Idul Fitri 1447 H' },
  { date: '2026-03-23', name: 'Cuti bersama Idul Fitri 1447 H' },
  { date: '2026-03-24', name: 'Cuti bersama Idul Fitri 1447 H' },
  { date: '2026-04-03', name: 'Wafat Yesus Kristus' },
  { date: '2026-04-05', name: 'Kebangkitan Yesus Kristus (Paskah)' },
  { date: '2026-05-01', name: 'Hari Buruh Internasional' },
  { date: '2026-05-14', name: 'Kenaikan Yesus Kristus' },
  { date: '2026-05-15', name: 'Cuti bersama Kenaikan Yesus Kristus' },
  { date: '2026-05-27', name: 'Idul Adha 1447 H' },
  { date: '2026-05-28', name: 'Cuti bersama Idul Adha 1447 H' },
  { date: '2026-05-31', name: 'Hari Raya Waisak 2570 BE' },
  { date: '2026-06-01', name: 'Hari Lahir Pancasila' },
  { date: '2026-06-16', name: '1 Muharam Tahun Baru Islam 1448 H' },
  { date: '2026-08-17', name: 'Proklamasi Kemerdekaan' },
  { date: '2026-08-25', name: 'Maulid Nabi Muhammad SAW' },
  { date: '2026-12-24', name: 'Cuti bersama Kelahiran Yesus Kristus' },
  { date: '2026-12-25', name: 'Kelahiran Yesus Kristus' },
  { date: '2027-01-01', name: 'Tahun Baru 2027 Masehi' },
  { date: '2027-01-05', name: 'Isra Mikraj Nabi Muhammad SAW' },
  { date: '2027-02-05', name: 'Cuti bersama Tahun Baru Imlek' },
  { date: '2027-02-06', name: 'Tahun Baru Imlek 2578 Kongzili' },
  { date: '2027-03-08', name: 'Hari Suci Nyepi (Tahun Baru Saka 1949)' },
  { date: '2027-03-09', name: 'Cuti bersama Idul Fitri 1448 H' },
  { date: '2027-03-10', name: 'Idul Fitri 1448 H' },
  { date: '2027-03-11', name: 'Idul Fitri 1448 H' },
  { date: '2027-03-12', name: 'Cuti bersama Idul Fitri 1448 H' },
  { date: '2027-03-15', name: 'Cuti bersama Idul Fitri 1448 H' },
  { date: '2027-03-25', name: 'Cuti bersama Wafat Yesus Kristus' },
  { date: '2027-03-26', name: 'Wafat Yesus Kristus' },
  { date: '2027-03-28', name: 'Kebangkitan Yesus Kristus (Paskah)' },
  { date: '2027-05-01', name: 'Hari Buruh Internasional' },
  { date: '2027-05-06', name: 'Kenaikan Yesus Kristus' },
  { date: '2027-05-17', name: 'Idul Adha 1448 H' },
  { date: '2027-05-18', name: 'Cuti bersama Idul Adha 1448 H' },
  { date: '2027-05-19', name: 'Cuti bersama Hari Raya Waisak' },
  { date: '2027-05-20', name: 'Hari Raya Waisak 2571 BE' },
  { date: '2027-06-01', name: 'Hari Lahir Pancasila' },
  { date: '2027-06-06', name: '1 Muharam Tahun Baru Islam 1449 H' },
  { date: '2027-08-15', name: 'Maulid Nabi Muhammad SAW' },
  { date: '2027-08-17', name: 'Proklamasi Kemerdekaan' },
  { date: '2027-12-24', name: 'Cuti bersama Kelahiran Yesus Kristus' },
  { date: '2027-12-25', name: 'Kelahiran Yesus Kristus' },
  { date: '2027-12-26', name: 'Isra Mikraj Nabi Muhammad SAW' },
];
