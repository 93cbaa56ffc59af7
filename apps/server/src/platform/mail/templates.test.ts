import { describe, expect, it } from 'vitest';
import { BUNDLED_PACKS } from '../content/language-packs';
import { confirmEmailMail, escapeHtml, fill, temporaryPasswordMail, welcomeMail } from './templates';
import { validateOutgoingMail } from './outbox';

const base = { portalName: 'Riverside Patient Portal', name: 'Maria' };

describe('fill', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('Hello {name}, {missing}', { name: 'Ann' })).toBe('Hello Ann, {missing}');
  });

  it('takes $ patterns in values literally', () => {
    expect(fill('pw: {password}', { password: "a$&b$'c$$" })).toBe("pw: a$&b$'c$$");
  });

  it('escapes values for HTML when asked, and strips control characters', () => {
    expect(fill('{x}', { x: '<b>"&\'' }, true)).toBe('&lt;b&gt;&quot;&amp;&#39;');
    expect(fill('{x}', { x: 'a\r\nBcc: evil@example.org' })).toBe('a Bcc: evil@example.org');
    expect(escapeHtml('<a href="x">')).toBe('&lt;a href=&quot;x&quot;&gt;');
  });
});

describe('welcomeMail', () => {
  it('welcomes a patient with the confirmation link, in text and HTML', () => {
    const mail = welcomeMail({
      ...base,
      language: 'en-US',
      username: 'maria.garcia',
      confirmUrl: 'https://portal.example.org/confirm-email?u=abc_DEF-123',
      loginUrl: 'https://portal.example.org/login',
    });
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Welcome to Riverside Patient Portal');
    expect(mail.text).toContain('Hello Maria,');
    expect(mail.text).toContain('Your username is maria.garcia.');
    expect(mail.text).toMatch(/^https:\/\/portal\.example\.org\/confirm-email\?u=abc_DEF-123$/m);
    expect(mail.text).not.toContain('/login');
    expect(mail.html).toContain(
      '<a href="https://portal.example.org/confirm-email?u=abc_DEF-123">https://portal.example.org/confirm-email?u=abc_DEF-123</a>',
    );
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(() => validateOutgoingMail({ to: 'maria@example.com', ...mail })).not.toThrow();
  });

  it('welcomes a representative with the patient’s name and the login link', () => {
    const mail = welcomeMail({
      ...base,
      name: 'Linda',
      language: undefined,
      username: 'linda.doe',
      patientName: 'Jane Doe',
      loginUrl: 'http://localhost:3000/login',
    });
    expect(mail.text).toContain('Jane Doe');
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/login$/m);
    expect(mail.text).not.toContain('confirm-email');
  });

  it('escapes names in the HTML body', () => {
    const mail = welcomeMail({
      ...base,
      name: '<script>alert(1)</script>',
      language: 'en',
      username: 'x.y',
      loginUrl: 'http://localhost/login',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>');
  });

  it.each([
    ['es-MX', 'es', 'Bienvenido/a a Riverside Patient Portal', 'Hola, Maria:'],
    ['fr-CA', 'fr', 'Bienvenue sur Riverside Patient Portal', 'Bonjour Maria,'],
    ['pt-BR', 'pt', 'Bem-vindo(a) ao Riverside Patient Portal', 'Olá, Maria,'],
    ['zh', 'zh', '欢迎使用 Riverside Patient Portal', 'Maria，您好：'],
    ['zh-TW', 'zh', '欢迎使用 Riverside Patient Portal', 'Maria，您好：'],
    ['xx-YY', 'en', 'Welcome to Riverside Patient Portal', 'Hello Maria,'],
  ])('is written in %s', (language, pack, subject, greeting) => {
    const mail = welcomeMail({ ...base, language, username: 'm.g', loginUrl: 'http://localhost/login' });
    expect(mail.language).toBe(pack);
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(greeting)).toBe(true);
  });

  it('takes facility overrides of the strings', () => {
    const mail = welcomeMail({
      ...base,
      language: 'en',
      username: 'm.g',
      loginUrl: 'http://localhost/login',
      overrides: { 'mail.welcome.subject': 'Hi from {portalName}' },
    });
    expect(mail.subject).toBe('Hi from Riverside Patient Portal');
  });
});

describe('confirmEmailMail', () => {
  it('names the address, the link and how long it lives', () => {
    const mail = confirmEmailMail({
      ...base,
      language: 'en-GB',
      email: 'maria@example.com',
      confirmUrl: 'http://localhost/confirm-email?u=tok',
      days: 7,
    });
    expect(mail.subject).toBe('Confirm your email address for Riverside Patient Portal');
    expect(mail.text).toContain('Please confirm that maria@example.com is your email address');
    expect(mail.text).toMatch(/^http:\/\/localhost\/confirm-email\?u=tok$/m);
    expect(mail.text).toContain('expires in 7 days');
  });
});

describe('temporaryPasswordMail', () => {
  it('puts the temporary password on a line of its own, with its lifetime and the login link', () => {
    const mail = temporaryPasswordMail({
      ...base,
      language: 'en-US',
      username: 'john.smith',
      temporaryPassword: 'Ab3$&(x)+Qr9Zk',
      hours: 24,
      loginUrl: 'http://localhost/login',
    });
    expect(mail.subject).toBe('Your temporary password for Riverside Patient Portal');
    expect(mail.text).toContain('john.smith');
    expect(mail.text).toMatch(/Your temporary password is:\n\nAb3\$&\(x\)\+Qr9Zk\n/);
    expect(mail.text).toContain('It expires in 24 hours.');
    expect(mail.text).toMatch(/^http:\/\/localhost\/login$/m);
    expect(mail.html).toContain('<strong>Ab3$&amp;(x)+Qr9Zk</strong>');
  });

  it('is translated in every bundled language', () => {
    for (const language of Object.keys(BUNDLED_PACKS)) {
      const mail = temporaryPasswordMail({
        ...base,
        language,
        username: 'u.u',
        temporaryPassword: 'Pw1!',
        hours: 12,
        loginUrl: 'http://localhost/login',
      });
      expect(mail.text).toContain('12');
      expect(mail.text).not.toMatch(/\{[a-zA-Z]+\}/);
      expect(mail.html).not.toMatch(/\{[a-zA-Z]+\}/);
      if (language !== 'en') expect(mail.subject).not.toBe('Your temporary password for Riverside Patient Portal');
    }
  });
});
