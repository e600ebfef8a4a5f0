interface BankLogoProps {
  bankName: string;
  /** The logo's URL; without one the bank's initial stands in. */
  url: string | null;
  size?: number;
}

/** The bank's logo in the profile header, or the first letter of its name when it has none. */
export function BankLogo({ bankName, url, size = 40 }: BankLogoProps) {
  if (url) {
    return <img className="bj-bank-logo" src={url} alt={`Logo ${bankName}`} width={size} height={size} />;
  }
  const initial = bankName.trim().replace(/^BPR\s+/i, '').charAt(0).toUpperCase() || '?';
  return (
    <span className="bj-bank-logo bj-bank-logo--placeholder" style={{ width: size, height: size }} role="img" aria-label={`Logo ${bankName}`}>
      {initial}
    </span>
  );
}
