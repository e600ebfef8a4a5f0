import { configure } from '@testing-library/react';

// The DOM tests share two cores with the API and browser suites in CI: a screen that settles in
// 50 ms alone can take over a second under that load. findBy/waitFor wait up to 5 s; an
// assertion that never holds still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
