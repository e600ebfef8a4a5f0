/**
 * A courier sorts by city and postal code, which Berjangka keeps inside one address line until
 * the geography pickers exist ("Jl. Merdeka No. 1, Bandung, Jawa Barat 40111"). The convention:
 * the street first, then the city (kota/kabupaten), then optionally the province; a five-digit
 * postal code anywhere. A line without a city cannot be booked.
 */
export interface CourierAddress {
  /** The whole line as written. */
  address: string;
  city: string;
  zip: string;
  region: string;
}

const ZIP = /\b(\d{5})\b/;

export function courierAddressOf(line: string | null | undefined): CourierAddress | null {
  const address = (line ?? '').replace(/\s+/g, ' ').trim();
  const zip = ZIP.exec(address)?.[1] ?? '';
  const parts = address
    .split(',')
    .map((part) => part.replace(ZIP, '').trim())
    .filter((part) => part !== '');
  if (parts.length < 2) return null;
  return { address, city: parts[1]!, zip, region: parts[2] ?? '' };
}
