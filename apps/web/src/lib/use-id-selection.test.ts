import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdSelection } from './use-id-selection.ts';

describe('useIdSelection', () => {
  it('ticks and unticks single rows', () => {
    const { result } = renderHook(() => useIdSelection(['a', 'b', 'c']));
    act(() => result.current.toggle('b'));
    expect(result.current.selected).toEqual(['b']);
    expect(result.current.isSelected('b')).toBe(true);
    expect(result.current.allSelected).toBe(false);
    act(() => result.current.toggle('b'));
    expect(result.current.count).toBe(0);
  });

  it('ticks all shown rows, then none, and clears', () => {
    const { result } = renderHook(() => useIdSelection(['a', 'b']));
    act(() => result.current.toggleAll());
    expect(result.current.selected.sort()).toEqual(['a', 'b']);
    expect(result.current.allSelected).toBe(true);
    act(() => result.current.toggleAll());
    expect(result.current.count).toBe(0);
    act(() => result.current.toggle('a'));
    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
  });

  it('ticks all of the page shown and keeps the rows ticked on another page', () => {
    const { result, rerender } = renderHook(({ ids }) => useIdSelection(ids), { initialProps: { ids: ['a', 'b'] } });
    act(() => result.current.toggle('a'));
    rerender({ ids: ['c', 'd'] });
    act(() => result.current.toggleAll());
    expect(result.current.selected.sort()).toEqual(['a', 'c', 'd']);
    act(() => result.current.toggleAll());
    expect(result.current.selected).toEqual(['a']);
  });

  it('never counts an empty table as all ticked', () => {
    const { result } = renderHook(() => useIdSelection([]));
    expect(result.current.allSelected).toBe(false);
  });
});
