import type { ReactNode } from 'react';

interface AuthLayoutProps {
  /** The screen's heading ("Masuk", "Lupa kata sandi", …). */
  title: string;
  /** One sentence under the heading that says what the screen is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (back to login, register, …). */
  footer?: ReactNode;
  /** Wider card for long forms (registration). */
  wide?: boolean;
}

/** The frame of the screens outside the dashboard: the product name, one card, links below it. */
export function AuthLayout({ title, intro, children, footer, wide = false }: AuthLayoutProps) {
  return (
    <div className="bj-auth">
      {/* React 19 places this in <head>: each screen names itself in the tab and to screen readers. */}
      <title>{`${title} · Berjangka`}</title>
      <main className={wide ? 'bj-auth__card bj-auth__card--wide' : 'bj-auth__card'}>
        <p className="bj-auth__brand">
          <span className="bj-auth__brand-mark" aria-hidden="true">B</span>
          Berjangka
        </p>
        <h1 className="bj-auth__title">{title}</h1>
        {intro ? <p className="bj-auth__intro">{intro}</p> : null}
        {children}
        {footer ? <div className="bj-auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
