/**
 * Zero for |x| below about 1e-36, x otherwise. Audio ringing down in silence would otherwise reach
 * subnormal numbers (below 1e-38 once stored as f32, or in a recursion), and every operation on
 * one costs the CPU around a hundred times more.
 */
@inline export function flushTiny(x: f64): f64 {
  return x + 1e-20 - 1e-20;
}

/** flushTiny on both lanes of an f64x2. */
@inline export function flushTiny2(x: v128): v128 {
  const bias = f64x2.splat(1e-20);
  return f64x2.sub(f64x2.add(x, bias), bias);
}
