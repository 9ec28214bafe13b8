import { describe, expect, it } from 'vitest';
import { moveItem, queueRowIds } from './reorder';

describe('moveItem', () => {
  const items = ['a', 'b', 'c', 'd'];

  it('moves down and up like moveInQueue(from, to)', () => {
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(items, 1, 1)).toEqual(items);
  });

  it('clamps the target, ignores a bad source and never changes its input', () => {
    expect(moveItem(items, 0, 99)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(items, 2, -5)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveItem(items, 7, 0)).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('queueRowIds', () => {
  it('gives a repeated song a distinct key per occurrence', () => {
    expect(queueRowIds(['x', 'y', 'x', 'x'])).toEqual(['x#0', 'y#0', 'x#1', 'x#2']);
  });
});
