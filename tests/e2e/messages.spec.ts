import { expect, type Page, test } from '@playwright/test';
import { agentLogin, loginAs, uniqueName } from './support';

/** player4's member centre inbox with nothing unread, so the red dot starts at none. */
async function emptyInboxOf(page: Page) {
  await loginAs(page, 'player4');
  await expect(page.getByTestId('open-login')).toHaveCount(0);
  await page.goto('/member/messageV2');
  const inbox = page.getByTestId('member-inbox');
  await expect(inbox).toBeVisible();
  const markAll = inbox.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(inbox.getByTestId('member-inbox-unread')).toHaveText('Unread: 0');
  return inbox;
}

test.describe('messages', () => {
  test('an agent writes to a downline, whose inbox and red dot follow live', async ({
    page,
    browser,
  }) => {
    const inbox = await emptyInboxOf(page);
    // The member centre's own list (the side menu has a "Member centre" list with a dot too).
    const nav = page
      .getByTestId('member-centre')
      .getByRole('navigation', { name: 'Member centre' });
    await expect(nav.getByTestId('unread-badge')).toHaveCount(0);

    const agentContext = await browser.newContext();
    try {
      const agent = await agentContext.newPage();
      await agentLogin(agent, 'agent2');
      await agent.getByRole('link', { name: 'Messages' }).click();
      const compose = agent.getByTestId('compose-message');
      const subject = uniqueName('Weekend cup ');
      await compose.getByLabel('Account').fill('player4');
      await compose.getByLabel('Subject').fill(subject);
      await compose.getByLabel('Message').fill('Play this weekend.\nThe best three get a bonus.');
      await compose.getByRole('button', { name: 'Send' }).click();
      await expect(compose.getByTestId('compose-message-sent')).toHaveText('Sent. Recipients: 1');
      // The form is empty again, ready for the next message.
      await expect(compose.getByLabel('Subject')).toHaveValue('');

      // No reload on the player's side: the list and the red dot move on the `message` event.
      await expect(nav.getByTestId('unread-badge')).toHaveText('1');
      const item = inbox.getByTestId('member-inbox-item').filter({ hasText: subject });
      await expect(item).toBeVisible();
      await expect(item).toContainText('agent2');
      await item.getByRole('button', { name: new RegExp(subject) }).click();
      await expect(item).toContainText('The best three get a bonus.');
      await expect(nav.getByTestId('unread-badge')).toHaveCount(0);
      await expect(inbox.getByTestId('member-inbox-unread')).toHaveText('Unread: 0');

      await item.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(inbox.getByTestId('member-inbox-item').filter({ hasText: subject })).toHaveCount(
        0,
      );
    } finally {
      await agentContext.close();
    }
  });

  test('the agent’s form says what is missing and who is not in the team', async ({ page }) => {
    await agentLogin(page, 'agent2');
    await page.goto('/agentHome/messages');
    const compose = page.getByTestId('compose-message');
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose.getByText('Enter the account of a team member.')).toBeVisible();
    await expect(compose.getByText('Enter a subject.')).toBeVisible();
    await expect(compose.getByText('Enter a message.')).toBeVisible();

    // player7 is agent1's: not in agent2's team.
    await compose.getByLabel('Account').fill('player7');
    await compose.getByLabel('Subject').fill('Hello');
    await compose.getByLabel('Message').fill('Hi');
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose.getByText('No member of your team has this account.')).toBeVisible();
    await expect(compose.getByTestId('compose-message-sent')).toHaveCount(0);

    // Every direct downline: player4, player5 and agent3.
    await compose.getByLabel('All my direct downlines').check();
    await expect(compose.getByLabel('Account')).toHaveCount(0);
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose.getByTestId('compose-message-sent')).toHaveText('Sent. Recipients: 3');
  });

  test('agents read their announcements nine to a page, paged by number', async ({ page }) => {
    await agentLogin(page, 'agent2');
    await page.getByRole('link', { name: 'Announcements' }).click();
    const list = page.getByTestId('agent-announcements');
    await expect(list.getByTestId('agent-announcement')).toHaveCount(9);
    await expect(list.getByTestId('agent-announcement').first()).toContainText(
      'Salary settlement times',
    );
    // The page numbers work with the keyboard.
    await list.getByRole('button', { name: 'Page 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(list.getByTestId('agent-announcement')).toHaveCount(2);
    await expect(list.getByTestId('agent-announcement').last()).toContainText(
      'Welcome to the agent back office',
    );
  });
});
