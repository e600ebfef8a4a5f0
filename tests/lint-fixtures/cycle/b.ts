import { a } from './a';

export const b = () => (typeof a === 'function' ? 1 : 0);
