import type { ReactNode } from 'react';

export interface NoticeProps {
  tone: 'success' | 'info' | 'warning' | 'danger';
  title: string;
  children?: ReactNode;
}

/** A boxed message on a screen (a request sent, a link that no longer works, …). */
export function Notice({ tone, title, children }: NoticeProps) {
  return (
    <section className={`bj-notice bj-notice--${tone}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}>
      <h2 className="bj-notice__title">{title}</h2>
      {children ? <div className="bj-notice__body">{children}</div> : null}
    </section>
  );
}
