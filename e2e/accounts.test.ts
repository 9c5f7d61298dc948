import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, openPage, seriousViolations } from './browser.ts';
import { startServer } from './server.ts';
import {
  activationCodeFor,
  mailTo,
  pageText,
  signInNewMember,
  uniqueEmail,
  useFreshPagePerTest,
} from './fixtures.ts';
import { inject } from 'vitest';

const visit = useFreshPagePerTest({ failOnComplaints: false });

const panel = (page: Page) => page.locator('[data-testid="login-panel"]').getByRole('dialog');
const dialog = (page: Page) => page.locator('[data-testid="activation-dialog"]');
const popup = (page: Page) => page.locator('[data-testid="message-popup"]').getByRole('dialog');

async function openPanel(page: Page, tab: 'Log in' | 'Sign up') {
  await page.locator('[data-testid="open-login"]').click();
  await panel(page).waitFor();
  await panel(page).getByRole('tab', { name: tab }).click();
}

async function fillSignup(
  page: Page,
  email: string,
  password = 'a long password',
  nickname = 'Mei',
) {
  await page.locator('[data-testid="auth-nickname"]').fill(nickname);
  await page.locator('[data-testid="auth-email"]').fill(email);
  await page.locator('[data-testid="auth-password"]').fill(password);
  await page.locator('[data-testid="captcha-checkbox"]').check();
}

async function waitForStatus(page: Page, status: number) {
  // Mantine's modal root has no box of its own: wait for it in the DOM, then for its dialog.
  const root = page.locator(`[data-testid="activation-dialog"][data-status="${status}"]`);
  await root.waitFor({ state: 'attached' });
  await root.getByRole('dialog').waitFor();
}

describe('sign-up and activation', () => {
  it('sign-up → e-mailed code → activation → automatic login after 5 s', async () => {
    const page = visit.page;
    const email = uniqueEmail('signup');
    await openPage(page, '/');
    await openPanel(page, 'Sign up');
    expect(await panel(page).getByText('Members only').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="auth-edm"]').isChecked()).toBe(false);
    await fillSignup(page, email);
    await page.locator('[data-testid="auth-submit"]').click();

    await waitForStatus(page, 0);
    expect(await dialog(page).innerText()).toContain(email);
    const code = await activationCodeFor(email);
    await page.locator('[data-testid="activation-code"]').fill(code.toLowerCase());
    await dialog(page).getByRole('button', { name: 'Activate' }).click();
    await waitForStatus(page, 4);
    const activatedAt = Date.now();
    await page.locator('[data-testid="account-menu"]').waitFor({ timeout: 15_000 });
    expect(Date.now() - activatedAt).toBeGreaterThanOrEqual(4500);
    expect(
      (await page.request.get('/api/me').then((response) => response.json())).member.email,
    ).toBe(email);
  });

  it('a wrong code shows status 5; retry returns to 0; "Log in now" signs in at once', async () => {
    const page = visit.page;
    const email = uniqueEmail('wrongcode');
    await openPage(page, '/faq');
    await openPanel(page, 'Sign up');
    await fillSignup(page, email);
    await page.locator('[data-testid="auth-submit"]').click();
    await waitForStatus(page, 0);
    const code = await activationCodeFor(email);
    await page
      .locator('[data-testid="activation-code"]')
      .fill(code === 'ZZZZZ' ? 'YYYYY' : 'ZZZZZ');
    await dialog(page).getByRole('button', { name: 'Activate' }).click();
    await waitForStatus(page, 5);
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await waitForStatus(page, 0);
    await page.locator('[data-testid="activation-code"]').fill(code);
    await dialog(page).getByRole('button', { name: 'Activate' }).click();
    await waitForStatus(page, 4);
    const started = Date.now();
    await page.locator('[data-testid="activation-login-now"]').click();
    await page.locator('[data-testid="account-menu"]').waitFor();
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('resends once, then only says check your mail within 2 minutes, and after 3 clicks shows contact-us', async () => {
    const page = visit.page;
    const email = uniqueEmail('resend');
    const resendCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/resend')) resendCalls.push(request.url());
    });
    await openPage(page, '/');
    await openPanel(page, 'Sign up');
    await fillSignup(page, email);
    await page.locator('[data-testid="auth-submit"]').click();
    await waitForStatus(page, 0);
    await activationCodeFor(email);

    const notReceived = () => page.locator('[data-testid="activation-not-received"]').click();
    await notReceived(); // click 1
    await waitForStatus(page, 1);
    await page.locator('[data-testid="activation-resend"]').click();
    await waitForStatus(page, 2);
    expect(resendCalls).toHaveLength(1);
    await activationCodeFor(email, 1);

    await dialog(page).getByRole('button', { name: 'Enter the code' }).click();
    await notReceived(); // click 2
    await page.locator('[data-testid="activation-resend"]').click();
    await waitForStatus(page, 2);
    expect(resendCalls).toHaveLength(1);

    await dialog(page).getByRole('button', { name: 'Enter the code' }).click();
    await notReceived(); // click 3
    await waitForStatus(page, 1);
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await notReceived(); // click 4: more than 3
    await waitForStatus(page, 3);
    expect(await dialog(page).innerText()).toContain('support@example.com');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await notReceived(); // the count started again
    await waitForStatus(page, 1);
  });
});

describe('login failures and their popups', () => {
  it('tells about a bad e-mail, a missing robot check, an unknown account and a wrong password', async () => {
    const page = visit.page;
    await openPage(page, '/');
    await openPanel(page, 'Log in');
    const expectPopup = async (text: string) => {
      await popup(page).filter({ hasText: text }).waitFor();
      await popup(page).getByRole('button').last().click();
      await popup(page).waitFor({ state: 'hidden' });
    };
    // Every wrong field is marked under itself at once, without a popup; the first has the focus.
    await page.locator('[data-testid="auth-email"]').fill('not-an-email');
    await page.locator('[data-testid="auth-submit"]').click();
    const marked = ['Invalid email', 'Invalid password', 'Please confirm you are not a robot'];
    await panel(page).getByText('Invalid email').waitFor();
    for (const text of marked) expect(await panel(page).getByText(text).count()).toBe(1);
    expect(await popup(page).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('auth-email');

    // Fixing a field takes its mark away; the others stay until they are fixed too.
    await page.locator('[data-testid="auth-email"]').fill(uniqueEmail('ghost'));
    expect(await panel(page).getByText('Invalid email').count()).toBe(0);
    await page.locator('[data-testid="auth-password"]').fill('whatever123');
    await page.locator('[data-testid="auth-submit"]').click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('captcha-checkbox');
    expect(await panel(page).getByText('Please confirm you are not a robot').count()).toBe(1);

    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="auth-submit"]').click();
    await expectPopup('No account uses this e-mail');

    const member = await signInNewMember(
      await newContext(visit.browser, { baseUrl: inject('baseUrl') }),
    );
    await page.locator('[data-testid="auth-email"]').fill(member.email);
    await page.locator('[data-testid="auth-password"]').fill('not the password');
    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="auth-submit"]').click();
    await expectPopup('Wrong password');
  });

  it('asks for the longer robot check after many wrong passwords for one account, and its owner still gets in', async () => {
    const page = visit.page;
    const member = await signInNewMember(
      await newContext(visit.browser, { baseUrl: inject('baseUrl') }),
    );
    await openPage(page, '/');
    await openPanel(page, 'Log in');
    const submit = async (password: string) => {
      await page.locator('[data-testid="auth-email"]').fill(member.email);
      await page.locator('[data-testid="auth-password"]').fill(password);
      await page.locator('[data-testid="captcha-checkbox"]').check();
      await page.locator('[data-testid="auth-submit"]').click();
    };
    const closePopup = async (text: string) => {
      await popup(page).filter({ hasText: text }).waitFor();
      await popup(page).getByRole('button').last().click();
      await popup(page).waitFor({ state: 'hidden' });
    };
    for (let guess = 0; guess < 5; guess += 1) {
      await submit(`wrong guess ${guess}`);
      await closePopup('Wrong password');
    }
    // The right password now needs the longer check first; nobody is locked out.
    await submit(member.password);
    await closePopup('the robot check now takes a little longer');
    await submit(member.password);
    await panel(page).waitFor({ state: 'hidden' });
    await page.locator('[data-testid="open-login"]').waitFor({ state: 'detached' });
  });

  it('opens the activation dialog for an account that is not activated (-2)', async () => {
    const page = visit.page;
    const email = uniqueEmail('inactive');
    await openPage(page, '/');
    await openPanel(page, 'Sign up');
    await fillSignup(page, email);
    await page.locator('[data-testid="auth-submit"]').click();
    await waitForStatus(page, 0);
    await page.reload();
    await page.locator('main h1').waitFor();
    await openPanel(page, 'Log in');
    await page.locator('[data-testid="auth-email"]').fill(email);
    await page.locator('[data-testid="auth-password"]').fill('a long password');
    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="auth-submit"]').click();
    await waitForStatus(page, 0);
  });

  it('on a taken e-mail says so under the field with "Log in", which switches to the login tab with the password cleared', async () => {
    const page = visit.page;
    const member = await signInNewMember(
      await newContext(visit.browser, { baseUrl: inject('baseUrl') }),
    );
    await openPage(page, '/');
    await openPanel(page, 'Sign up');
    await fillSignup(page, member.email);
    await page.locator('[data-testid="auth-submit"]').click();
    await panel(page).getByText('already registered').waitFor();
    expect(await popup(page).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('auth-email');
    await page.locator('[data-testid="auth-taken-login"]').click();
    expect(
      await panel(page).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await page.locator('[data-testid="auth-password"]').inputValue()).toBe('');
    expect(await page.locator('[data-testid="auth-email"]').inputValue()).toBe(member.email);
  });
});

describe('the sign-up form', () => {
  it('blocks spaces, warns about mail providers that lose mail, and links the terms in new tabs', async () => {
    const page = visit.page;
    await openPage(page, '/');
    await openPanel(page, 'Sign up');
    const email = page.locator('[data-testid="auth-email"]');
    await email.pressSequentially('ab c@msa.hinet.net');
    expect(await email.inputValue()).toBe('abc@msa.hinet.net');
    expect(await panel(page).innerText()).toContain('Mail to msa.hinet.net is sometimes lost');
    const password = page.locator('[data-testid="auth-password"]');
    await password.pressSequentially('pass word');
    expect(await password.inputValue()).toBe('password');
    expect(await page.locator('[data-testid="auth-nickname"]').getAttribute('maxlength')).toBe(
      '28',
    );
    for (const [name, href] of [
      ['Terms of service', '/tos/'],
      ['Privacy policy', '/privacy/'],
    ] as const) {
      const link = panel(page).getByRole('link', { name: new RegExp(name) });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
  });
});

describe('forgotten password', () => {
  it('forgot → e-mailed link → reset → the old session is gone', async () => {
    const memberContext = await newContext(visit.browser, { baseUrl: inject('baseUrl') });
    const member = await signInNewMember(memberContext);
    const memberPage = await memberContext.newPage();
    await openPage(memberPage, '/');
    await memberPage.locator('[data-testid="account-menu"]').waitFor();

    const page = visit.page;
    await openPage(page, '/');
    await openPanel(page, 'Log in');
    await panel(page).getByRole('button', { name: 'Forgot password?' }).click();
    await page.locator('[data-testid="auth-email"]').fill(member.email);
    await panel(page).getByRole('button', { name: 'Send reset link' }).click();
    await popup(page).filter({ hasText: 'Check your mail' }).waitFor();
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(
      (await mailTo(member.email))[0]?.text ?? '',
    )?.[0];
    expect(link).toBeTruthy();

    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await page.locator('[data-testid="reset-password"]').fill('my new password');
    await page.locator('[data-testid="reset-password-again"]').fill('my new password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await popup(page).filter({ hasText: 'Your password has been changed' }).waitFor();
    await popup(page).getByRole('button').click();
    await panel(page).waitFor();

    await memberPage.reload();
    await memberPage.locator('[data-testid="open-login"]').waitFor();
    await memberContext.close();
  });

  it('says so when the account does not exist', async () => {
    const page = visit.page;
    await openPage(page, '/');
    await openPanel(page, 'Log in');
    await panel(page).getByRole('button', { name: 'Forgot password?' }).click();
    await page.locator('[data-testid="auth-email"]').fill(uniqueEmail('nobody'));
    await panel(page).getByRole('button', { name: 'Send reset link' }).click();
    await popup(page).filter({ hasText: 'This account does not exist.' }).waitFor();
  });
});

describe('members-only pages', () => {
  it('show the login panel to a visitor, and closing it goes back one step', async () => {
    const page = visit.page;
    await openPage(page, '/faq');
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'x', idx: 1 }, '', '/profilepage/account');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await panel(page).waitFor();
    await panel(page).getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/faq');
    const heading = page.locator('main h1', { hasText: pageText('en', 'faq', 'title') });
    await heading.waitFor();
    expect(await heading.innerText()).toBe(pageText('en', 'faq', 'title'));
    expect(await panel(page).count()).toBe(0);
  });

  it('go home when the panel is closed on a first visit', async () => {
    const page = visit.page;
    await page.goto('/me/articles');
    await panel(page).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await panel(page).count()).toBe(0);
  });

  it('show the profile to a member, who can change the name', async () => {
    const page = visit.page;
    const member = await signInNewMember(visit.context, { nickname: 'Before' });
    await openPage(page, '/profilepage/account');
    await page.locator('[data-testid="profile-name"]', { hasText: 'Before' }).waitFor();
    expect(await page.locator('[data-testid="profile-account"]').innerText()).toMatch(/^tp_/);
    expect(await page.locator('main').innerText()).toContain(member.email);
    await page.locator('[data-testid="profile-name-input"]').fill('After');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await popup(page).getByRole('button').click();
    await page.locator('[data-testid="profile-name"]', { hasText: 'After' }).waitFor();
  });
});

describe('social sign-in', () => {
  it('goes to the provider, comes back signed in with an fb_ account and its picture', async () => {
    const page = visit.page;
    await openPage(page, '/cardplus');
    await openPanel(page, 'Log in');
    await panel(page).getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.getByRole('heading', { name: 'Allow TripPlus to use your profile?' }).waitFor();
    await page.locator('#allow').click();
    await page.waitForURL((url) => url.pathname === '/cardplus');
    await page.locator('[data-testid="account-menu"]').waitFor();
    const me = await page.request.get('/api/me').then((response) => response.json());
    expect(me.member).toMatchObject({
      account: 'fb_31337',
      name: 'Social Sam',
      photo: 'https://pictures.example.com/31337/180.jpg',
    });
  });

  it('shows "login failed" when the visitor cancels at the provider, and the early-adopter notice for -103', async () => {
    const page = visit.page;
    await openPage(page, '/faq');
    await openPanel(page, 'Log in');
    await panel(page).getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.locator('#deny').click();
    await popup(page).filter({ hasText: 'Login failed' }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    await openPage(page, '/faq?social_error=-103');
    await popup(page).filter({ hasText: 'early adopters' }).waitFor();
  });
});

describe('the real robot check and accessibility of the dialogs', () => {
  it('signs up with the proof-of-work captcha solved in the browser', async () => {
    const server = await startServer({ CAPTCHA_PROVIDER: 'altcha' });
    const context = await newContext(visit.browser, { baseUrl: server.baseUrl });
    try {
      const page = await context.newPage();
      const email = uniqueEmail('altcha');
      await openPage(page, '/');
      await openPanel(page, 'Sign up');
      await page.locator('[data-testid="auth-nickname"]').fill('Proof');
      await page.locator('[data-testid="auth-email"]').fill(email);
      await page.locator('[data-testid="auth-password"]').fill('a long password');
      await page.locator('[data-testid="captcha-checkbox"]').check();
      await panel(page).getByText('Verified').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="auth-submit"]').click();
      await waitForStatus(page, 0);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  it('has no serious accessibility issue in the login panel or the activation dialog', async () => {
    const page = visit.page;
    await openPage(page, '/');
    await openPanel(page, 'Sign up');
    expect(await seriousViolations(page)).toEqual([]);
    await fillSignup(page, uniqueEmail('axe'));
    await page.locator('[data-testid="auth-submit"]').click();
    await waitForStatus(page, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
