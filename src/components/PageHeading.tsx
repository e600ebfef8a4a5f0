/** The heading of a dashboard screen; React 19 also puts its <title> in <head> for the tab and screen readers. */
export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Berjangka`}</title>
      <h1 className="bj-page__title">{title}</h1>
    </>
  );
}
