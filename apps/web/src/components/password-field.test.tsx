import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../test-support/dom.tsx';
import { PasswordField } from './password-field.tsx';

beforeAll(prepareDom);
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('PasswordField', () => {
  it('names its show/hide button in the interface language, after the field it shows', async () => {
    await changeLanguage('fr');
    renderWithProviders(<PasswordField label="Mot de passe" />);
    const toggle = screen.getByLabelText('Afficher « Mot de passe »');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.mouseDown(toggle);
    expect(screen.getByLabelText('Masquer « Mot de passe »').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Mot de passe', { selector: 'input' }) as HTMLInputElement).type).toBe('text');
  });
});
