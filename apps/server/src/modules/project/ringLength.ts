/** Metres of `rings` rings of `ringWidthMm`, to the millimetre (boards, reports and statistics count alike). */
export const metresOf = (rings: number, ringWidthMm: number): number => Math.round(rings * ringWidthMm) / 1000;
