/** PDF user space is in points (1/72 inch); paper and forms are given in millimetres. */
const PT_PER_MM = 72 / 25.4;

export function mm(millimetres: number): number {
  return millimetres * PT_PER_MM;
}
