import { describe, expect, it } from 'vitest';
import { MAX_BUDGET_CHUNK_LINES, nextChunkLines } from './uploads.service.ts';

describe("an upload chunk's size", () => {
  it('shrinks a chunk that took too long to what fits in the budget, but never below the floor', () => {
    expect(nextChunkLines(200, 20)).toBe(50);
    expect(nextChunkLines(100, 8)).toBe(62);
    expect(nextChunkLines(50, 400)).toBe(50);
  });

  it('grows after a quick chunk, at most doubling, and never past the most lines per chunk', () => {
    expect(nextChunkLines(50, 1)).toBe(100);
    expect(nextChunkLines(100, 4)).toBe(125);
    expect(nextChunkLines(200, 0.5)).toBe(MAX_BUDGET_CHUNK_LINES);
    expect(nextChunkLines(100, 0)).toBe(200);
  });
});
