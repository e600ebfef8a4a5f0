import type { ChangeRequest } from '../lib/deposit-api';
import { changeLines } from './change-lines';

/** Before → after, one line per field that changes. */
export function ChangeSummary({ request }: { request: ChangeRequest }) {
  return (
    <span className="bj-lines">
      {changeLines(request).map((line) => (
        <span key={line.label}>
          {line.label}: <span className="bj-lines__quiet">{line.before}</span> → <strong>{line.after}</strong>
        </span>
      ))}
    </span>
  );
}
