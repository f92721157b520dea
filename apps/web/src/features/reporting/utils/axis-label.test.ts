import { describe, expect, it } from 'vitest';
import { axisLabel, axisLabels } from './axis-label.ts';

describe('a chart axis label that fits its width', () => {
  it('keeps a label that fits whole', () => {
    expect(axisLabel('User Login', 14)).toBe('User Login');
    expect(axisLabel('ユーザーログイン', 16)).toBe('ユーザーログイン');
  });

  it('shortens a long Latin label at its end', () => {
    expect(axisLabel('Value Match account assigned', 14)).toBe('Value Match a…');
  });

  it('counts a Japanese character as two columns, so a Japanese label is shortened sooner', () => {
    // 「お気に入りを作成しました」 is 12 characters, 24 columns.
    expect(axisLabel('お気に入りを作成しました', 14)).toBe('お気に入りを…');
  });

  it('does not end on a space before the "…"', () => {
    expect(axisLabel('Comment Created today', 9)).toBe('Comment…');
  });

  it('tells apart labels that would shorten alike by keeping their ends', () => {
    const french = axisLabels(
      ['Correspondance de valeur consultée', 'Correspondances de valeur parcourues', 'Connexion'],
      14,
    );
    expect([...french.values()]).toEqual(['Corr…consultée', 'Cor…parcourues', 'Connexion']);
    const japanese = axisLabels(['バリューマッチの閲覧', 'バリューマッチの共有', 'バリューマッチのスクロール'], 14);
    expect(new Set(japanese.values()).size).toBe(3);
    // English ones already differ where they are cut: kept as axisLabel shortens them.
    expect([...axisLabels(['Value Match viewed', 'Value Match scrolled'], 14).values()]).toEqual([
      'Value Match v…',
      'Value Match s…',
    ]);
  });
});
