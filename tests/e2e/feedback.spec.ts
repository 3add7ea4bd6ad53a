import { expect, type Page, test } from '@playwright/test';
import { exifSegment, makeJpeg, makePng, pngText } from '../support/images';
import { newAccount } from './accounts';
import { opsCommand } from './ops';
import { loginAs, uniqueName } from './support';

/**
 * Feedback (issue 16, spec 5): a player's bad uploads are refused beside the image field (a
 * text file named .png, a 6 MB image, a fourth image, and one the server cannot decode), then a
 * good feedback is sent; the operator answers with `npm run ops -- feedback answer`, and the
 * answer arrives as a message with the red dot, and in the feedback list, without a reload.
 */

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

async function openFeedback(page: Page) {
  const account = await newAccount();
  await loginAs(page, account.username, account.password);
  await expect(page.getByTestId('open-login')).toHaveCount(0);
  await page.goto('/member/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  return { account, form: page.getByTestId('feedback-form') };
}

test.describe('feedback', () => {
  test('refuses bad uploads beside their field, sends a good one, and the answer arrives as a message', async ({
    page,
  }) => {
    const { account, form } = await openFeedback(page);
    const category = form.getByLabel('Category');
    const text = form.getByLabel('Your feedback');
    const images = form.getByLabel('Add images');
    const imagesError = form.getByTestId('feedback-images-error');
    const previews = form.getByTestId('feedback-preview');
    const send = form.getByRole('button', { name: 'Send feedback' });

    // Nothing filled in: each required field says so, and is described by its message.
    await send.click();
    await expect(category).toHaveAccessibleDescription('Choose a category.');
    await expect(text).toHaveAccessibleDescription(/Enter your feedback\./);
    await expect(category).toBeFocused();

    // 141 characters: counted live, refused at once; 140 emoji flags are 140 characters.
    await category.selectOption({ label: 'Withdrawal' });
    await text.fill('x'.repeat(141));
    await expect(form.getByText('141 / 140 characters')).toBeVisible();
    await expect(text).toHaveAccessibleDescription(/Your feedback can be at most 140 characters\./);
    await text.fill('🇻🇳'.repeat(140));
    await expect(form.getByText('140 / 140 characters')).toBeVisible();
    await expect(form.getByText('Your feedback can be at most 140 characters.')).toHaveCount(0);
    const message = uniqueName('My withdrawal has not arrived ');
    await text.fill(message);

    // A text file renamed .png (and declared as one): refused by its content.
    await images.setInputFiles(
      file('screenshot.png', 'image/png', Buffer.from('I am only text, named screenshot.png\n')),
    );
    await expect(imagesError).toHaveText('screenshot.png: Only png or jpg images can be sent.');
    await expect(images).toHaveAccessibleDescription(/Only png or jpg images can be sent\./);
    await expect(previews).toHaveCount(0);

    // A 6 MB image.
    await images.setInputFiles(file('huge.png', 'image/png', makePng({ padTo: 6 * 1024 * 1024 })));
    await expect(imagesError).toHaveText('huge.png: Each image can be at most 5 MB.');
    await expect(previews).toHaveCount(0);

    // Two good ones, with their metadata (stripped by the server), previewed.
    await images.setInputFiles([
      file('receipt.png', 'image/png', makePng({ before: [pngText('Author', 'Someone')] })),
      file('photo.jpg', 'image/jpeg', makeJpeg({ metadata: [exifSegment('GPS 10.77N')] })),
    ]);
    await expect(previews).toHaveCount(2);
    await expect(imagesError).toHaveCount(0);
    await expect(form.getByRole('img', { name: 'photo.jpg' })).toHaveJSProperty('naturalWidth', 8);

    // Two more at once would make four.
    await images.setInputFiles([
      file('three.png', 'image/png', makePng()),
      file('four.png', 'image/png', makePng()),
    ]);
    await expect(imagesError).toHaveText('You can add at most 3 images.');
    await expect(previews).toHaveCount(2);

    // Looks like a PNG, is not one: only the server's decoding finds out, and says which.
    await images.setInputFiles(
      file(
        'broken.png',
        'image/png',
        Buffer.concat([makePng().subarray(0, 8), Buffer.alloc(200, 0x41)]),
      ),
    );
    await expect(previews).toHaveCount(3);
    // Three chosen: the picker is gone until one is removed.
    await expect(images).toHaveCount(0);
    await send.click();
    await expect(imagesError).toHaveText(
      'broken.png: This image cannot be read. Choose another one.',
    );
    await expect(form.getByTestId('feedback-sent')).toHaveCount(0);
    await form.getByRole('button', { name: 'Remove broken.png' }).click();
    await expect(previews).toHaveCount(2);

    await form.getByLabel('Remark').fill('Order 42');
    await send.click();
    await expect(form.getByTestId('feedback-sent')).toContainText('Your feedback was sent.');
    await expect(text).toHaveValue('');
    await expect(previews).toHaveCount(0);
    const item = page.getByTestId('feedback-item').filter({ hasText: message });
    await expect(item).toContainText('Waiting for an answer');
    await expect(item).toContainText('Images: 2');
    await expect(item).toContainText('Remark: Order 42');

    // The operator finds it and answers; the player's page moves without a reload.
    const nav = page
      .getByTestId('member-centre')
      .getByRole('navigation', { name: 'Member centre' });
    await expect(nav.getByTestId('unread-badge')).toHaveCount(0);
    const listed = JSON.parse((await opsCommand('feedback', 'list')).stdout) as {
      id: string;
      account: string;
      text: string;
      imageCount: number;
    }[];
    const mine = listed.find((entry) => entry.account === account.username);
    expect(mine).toMatchObject({ text: message, imageCount: 2 });
    const answer = 'Your withdrawal was paid at 10:02. Thank you for telling us.';
    await opsCommand('feedback', 'answer', mine!.id, answer);

    await expect(nav.getByTestId('unread-badge')).toHaveText('1');
    await expect(item).toContainText('Answered');
    await expect(item).toContainText(answer);

    await nav.getByRole('link', { name: /Messages/ }).click();
    const inbox = page.getByTestId('member-inbox');
    const notice = inbox
      .getByTestId('member-inbox-item')
      .filter({ hasText: 'Answer to your feedback (Withdrawal)' });
    await notice.getByRole('button', { name: /Answer to your feedback/ }).click();
    await expect(notice).toContainText(answer);
    await expect(nav.getByTestId('unread-badge')).toHaveCount(0);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('the form fits, and a picked image shows with its Remove button in reach', async ({
      page,
    }) => {
      const { form } = await openFeedback(page);
      await form
        .getByLabel('Add images')
        .setInputFiles(
          file('a-rather-long-file-name-from-a-phone-camera-20261125.png', 'image/png', makePng()),
        );
      const preview = form.getByTestId('feedback-preview');
      await expect(preview).toHaveCount(1);
      const remove = preview.getByRole('button', { name: /^Remove / });
      await expect(remove).toBeInViewport();
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(box.height).toBeGreaterThanOrEqual(24);
      for (const label of ['Category', 'Your feedback', 'Remark']) {
        const control = (await form.getByLabel(label).boundingBox())!;
        expect(control.x + control.width, label).toBeLessThanOrEqual(360);
      }
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    });
  });
});
