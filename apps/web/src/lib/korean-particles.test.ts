import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './i18n.ts';
import { resolveKoreanParticles } from './korean-particles.ts';

describe('resolveKoreanParticles', () => {
  it('writes the particle the word before it takes: after a vowel or after a final consonant', () => {
    expect(resolveKoreanParticles('가치 메시지을(를) 시작했습니다')).toBe('가치 메시지를 시작했습니다');
    expect(resolveKoreanParticles('가치 매칭 캠페인을(를) 시작했습니다')).toBe('가치 매칭 캠페인을 시작했습니다');
    expect(resolveKoreanParticles('팀이(가) 있습니다. 회사이(가) 있습니다')).toBe('팀이 있습니다. 회사가 있습니다');
    expect(resolveKoreanParticles('영업팀은(는) / 리스트은(는)')).toBe('영업팀은 / 리스트는');
    expect(resolveKoreanParticles('우선 공략 계정과(와) 리스트, 서부와(과) 동부')).toBe(
      '우선 공략 계정과 리스트, 서부와 동부',
    );
  });

  it('writes 로 after ㄹ and a vowel, 으로 after another final consonant', () => {
    expect(resolveKoreanParticles('한국어(으)로 변경')).toBe('한국어로 변경');
    expect(resolveKoreanParticles('서울(으)로 이동')).toBe('서울로 이동');
    expect(resolveKoreanParticles('일본(으)로 이동')).toBe('일본으로 이동');
  });

  it('reads past closing quotes, and reads digits as Korean says them', () => {
    expect(resolveKoreanParticles('리스트 "우선 공략 계정"을(를) 만들었습니다')).toBe(
      '리스트 "우선 공략 계정"을 만들었습니다',
    );
    expect(resolveKoreanParticles('“2분기 리스트”은(는) 비공개입니다')).toBe('“2분기 리스트”는 비공개입니다');
    // 3 (삼) ends on a consonant, 2 (이) on a vowel, 1 (일) on ㄹ.
    expect(resolveKoreanParticles('Q3은(는) / Q2은(는) / Q1(으)로 / Q3(으)로')).toBe('Q3은 / Q2는 / Q1로 / Q3으로');
  });

  it('keeps both forms where the sound cannot be told from the writing: a Latin name', () => {
    expect(resolveKoreanParticles('Walmart을(를) 내 거래처에 추가했습니다')).toBe(
      'Walmart을(를) 내 거래처에 추가했습니다',
    );
    expect(resolveKoreanParticles('"Lear"을(를) 제거할까요?')).toBe('"Lear"을(를) 제거할까요?');
    expect(resolveKoreanParticles('(으)로 시작')).toBe('(으)로 시작');
  });
});

describe('Korean texts through i18next', () => {
  afterEach(() => changeLanguage('en'));

  it('fills in the word, then writes its particle; other languages are left as written', async () => {
    await initI18n();
    await changeLanguage('ko');
    expect(i18n.t('userMenu.languageChanged', { language: '한국어' })).toBe('언어가 한국어로 변경되었습니다');
    expect(i18n.t('userMenu.languageChanged', { language: 'English' })).toBe('언어가 English(으)로 변경되었습니다');
    await changeLanguage('fr');
    expect(i18n.t('userMenu.languageChanged', { language: '한국어(으)로' })).toContain('한국어(으)로');
  });
});
