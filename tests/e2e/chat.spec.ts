import { type Browser, expect, type Page, test } from '@playwright/test';
import { makePng } from '../support/images';
import { newAccount } from './accounts';
import { newStaff } from './ops';
import { agentLogin, loginAs, uniqueName } from './support';

/**
 * The built-in live chat (issue 16): a player chats with support staff in the operator console
 * (two browsers), reloads mid-chat and loses nothing, sends a picture (bad ones refused beside
 * the box); the entries lead to it from the account menu, the side menu and the back office.
 */

async function openConsole(browser: Browser, staff: { name: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/support');
  const login = page.getByTestId('support-login');
  await login.getByLabel('Staff name').fill(staff.name);
  await login.getByLabel('Password').fill(staff.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('support-console')).toBeVisible();
  return { context, page };
}

/** The player's room: from the account menu's Customer service entry. */
async function openChatFromMenu(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Customer service' }).click();
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();
  return page.getByTestId('player-chat');
}

const messageBox = (chat: ReturnType<Page['getByTestId']>) =>
  chat.getByRole('textbox', { name: 'Message' });

test.describe('live chat', () => {
  test('a player chats with support in the operator console, reloads mid-chat, and loses nothing', async ({
    page,
    browser,
  }) => {
    // Two browsers, a reload, the player panel and a canned reply: more than 30 s on a busy
    // 2-core machine (it ran out at the reload's page load).
    test.slow();
    const staff = await newStaff('Lan');
    const account = await newAccount();
    await loginAs(page, account.username, account.password);
    await expect(page.getByTestId('account-menu')).toBeVisible();
    const chat = await openChatFromMenu(page);
    const room = page.url().split('/').pop()!;
    await expect(chat.getByText('Ask us anything: we answer here.')).toBeVisible();

    // Support opens the console: the player sees someone is there.
    const desk = await openConsole(browser, staff);
    await expect(page.getByTestId('chat-presence')).toHaveText('Support is online');

    await messageBox(chat).fill('Hello, my deposit of 50 has not arrived.');
    await messageBox(chat).press('Enter');
    const mine = chat.getByTestId('chat-message');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toContainText('Hello, my deposit of 50 has not arrived.');
    await expect(chat.getByTestId('chat-receipt')).toHaveText('Sent');

    // The console lists it with one unread message; opening it reads it.
    const entry = desk.page.locator(`[data-testid="support-room"][data-room="${room}"]`);
    await expect(entry).toContainText(account.username);
    await expect(entry.getByTestId('support-unread')).toHaveText('1');
    await entry.click();
    const pane = desk.page.locator(`[data-testid="support-pane"][data-room="${room}"]`);
    await expect(pane.getByTestId('chat-message')).toContainText([
      'Hello, my deposit of 50 has not arrived.',
    ]);
    await expect(entry.getByTestId('support-unread')).toHaveCount(0);
    await expect(chat.getByTestId('chat-receipt')).toHaveText('Read');

    // Typing shows on the other side, then the answer arrives.
    const answerBox = pane.getByRole('textbox', { name: 'Message' });
    await answerBox.fill('Hello! Let me look');
    await expect(chat.getByTestId('chat-typing')).toHaveText('Lan is typing…');
    await answerBox.fill('Hello! Which day did you deposit?');
    await answerBox.press('Enter');
    await expect(chat.getByTestId('chat-message').last()).toContainText(
      'Hello! Which day did you deposit?',
    );
    await expect(chat.getByTestId('chat-message').last()).toContainText('Lan');
    await expect(chat.getByTestId('chat-typing')).toHaveText('');

    // Mid-chat: a draft typed, then a reload. Everything is still there, in order.
    await messageBox(chat).fill('It was yesterday evening');
    await page.reload();
    const again = page.getByTestId('player-chat');
    await expect(again.getByTestId('chat-message')).toHaveCount(2);
    await expect(again.getByTestId('chat-message').nth(0)).toContainText('my deposit of 50');
    await expect(again.getByTestId('chat-message').nth(1)).toContainText('Which day');
    await expect(messageBox(again)).toHaveValue('It was yesterday evening');
    await messageBox(again).press('Enter');
    await expect(pane.getByTestId('chat-message').last()).toContainText('It was yesterday evening');

    // While the player's page is away, support answers; back again, nothing is missing.
    await page.goto('/');
    await answerBox.fill('Found it: it is credited now.');
    await answerBox.press('Enter');
    await answerBox.fill('Anything else?');
    await answerBox.press('Enter');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/chat/${room}$`));
    await expect(again.getByTestId('chat-message')).toHaveText([
      /my deposit of 50/,
      /Which day/,
      /yesterday evening/,
      /credited now/,
      /Anything else\?/,
    ]);

    // Beside the chat, the player panel: the member's account, balance and money moves.
    const panel = pane.getByTestId('player-panel');
    await expect(panel.getByTestId('player-panel-account')).toContainText(
      new RegExp(account.username, 'i'),
    );
    await expect(panel.getByTestId('player-panel-balance')).toHaveText(/\d/);
    await expect(panel.getByTestId('player-panel-deposits')).toBeVisible();

    // A canned reply goes into the box, is edited there, then sent.
    await pane.getByTestId('canned-withdrawalTime').click();
    await expect(answerBox).toBeFocused();
    await expect(answerBox).toHaveValue(/^Withdrawals are usually processed within 30 minutes/);
    await answerBox.fill(`${await answerBox.inputValue()} Anything else I can do?`);
    await answerBox.press('Enter');
    await expect(chat.getByTestId('chat-message').last()).toContainText('Anything else I can do?');

    // Support closes it: the player's page turns read-only and offers a new chat.
    await pane.getByRole('button', { name: 'Close chat' }).click();
    await desk.page.getByRole('alertdialog').getByRole('button', { name: 'Close chat' }).click();
    await expect(again.getByText('This chat was closed.')).toBeVisible();
    await expect(messageBox(again)).toHaveCount(0);
    await expect(entry).toHaveCount(0);
    await again.getByRole('link', { name: 'Start a new chat' }).click();
    await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{22}$/);
    expect(page.url()).not.toContain(room);
    await desk.context.close();
  });

  test('a picture reaches support; a text file named .png and a 6 MB picture are refused', async ({
    page,
    browser,
  }) => {
    const staff = await newStaff('Minh');
    const account = await newAccount();
    await loginAs(page, account.username, account.password);
    await expect(page.getByTestId('account-menu')).toBeVisible();
    const chat = await openChatFromMenu(page);
    const room = page.url().split('/').pop()!;
    const picker = chat.getByLabel('Add a picture');
    const problem = chat.locator('.chat-problem');

    await picker.setInputFiles({
      name: 'screenshot.png',
      mimeType: 'image/png',
      buffer: Buffer.from('I am only text, named screenshot.png\n'),
    });
    await expect(problem).toHaveText('Pictures must be png or jpg files.');
    await picker.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: makePng({ padTo: 6 * 1024 * 1024 }),
    });
    await expect(problem).toHaveText('A picture must be at most 5 MB.');
    await expect(chat.getByTestId('chat-message')).toHaveCount(0);
    await expect(chat.getByTestId('chat-pending')).toHaveCount(0);

    await picker.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: makePng({ width: 40, height: 30 }),
    });
    await expect(problem).toHaveText('');
    const picture = chat.getByTestId('chat-message').getByRole('img', { name: 'Picture from You' });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('src', /^blob:/);

    const desk = await openConsole(browser, staff);
    await desk.page.locator(`[data-testid="support-room"][data-room="${room}"]`).click();
    const pane = desk.page.locator(`[data-testid="support-pane"][data-room="${room}"]`);
    await expect(pane.getByRole('img', { name: `Picture from ${account.username}` })).toBeVisible();
    await desk.context.close();
  });

  test('a guest opens the chat from the side menu; an agent from the back office', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('#side-menu').getByRole('link', { name: 'Customer service' }).click();
    await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{22}$/);
    const chat = page.getByTestId('player-chat');
    await expect(
      page.getByText('You are chatting as a guest. Log in to send pictures.'),
    ).toBeVisible();
    await expect(chat.getByLabel('Add a picture')).toHaveCount(0);
    const text = uniqueName('A question from a guest ');
    await messageBox(chat).fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByTestId('chat-message')).toContainText([text]);
    // The same guest, back later in this browser, finds its chat.
    const room = page.url();
    await page.goto('/chat');
    await expect(page).toHaveURL(room);
    await expect(page.getByTestId('chat-message')).toContainText([text]);
    // Back goes where the guest came from.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).not.toHaveURL(/\/chat/);

    await agentLogin(page, 'agent2');
    await page.goto('/agentHome/customerService');
    await page
      .getByTestId('agent-customer-service')
      .getByRole('link', { name: 'Live support' })
      .click();
    await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByTestId('player-chat')).toBeVisible();
    await expect(page.getByText('You are chatting as a guest.')).toHaveCount(0);
  });

  test("the console's login refuses a wrong password and a member cannot reach the console", async ({
    page,
  }) => {
    await page.goto('/support');
    const login = page.getByTestId('support-login');
    await login.getByLabel('Staff name').fill('support1');
    await login.getByLabel('Password').fill('not-the-password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByText('Wrong name or password.')).toBeVisible();
    // A member's session is not a console session.
    await loginAs(page, 'player7');
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await page.goto('/support');
    await expect(page.getByTestId('support-login')).toBeVisible();
  });
});
