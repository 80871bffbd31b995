/**
 * Sign-in cards and model QR codes: an owner prints her class's cards (8 to
 * a sheet, on screen and on paper); Mia's card signs her in on a tablet of her own; the owner voids it
 * and the same card then says calmly that it no longer works. A model's printable QR code opens the
 * model, through the sign-in when signed out (e2e/artifacts/sign-in-cards-*.png).
 */
import type { SignInCardsIssued } from '../../contract/signInCards';
import { DEMO_USERS, axeViolations, journeyFile, openBrowser, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131 };

describe('sign-in cards journey', () => {
  it('an owner prints the cards; Mia signs in with hers on a tablet; once voided, it no longer works', async () => {
    const base = journey.portal.baseUrl;
    const owner = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const tablet = await openBrowser({ viewport: { width: 800, height: 1000 } });
    const later = await openBrowser({ viewport: { width: 800, height: 1000 } });
    try {
      await signIn(owner.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
      await owner.page.getByRole('link', { name: 'Sign-in cards' }).click();
      await owner.page.getByRole('heading', { name: 'Sign-in cards' }).waitFor();
      const miaRow = owner.page.getByRole('row', { name: /Mia Levi/ });
      await miaRow.getByText('No card yet').waitFor();
      expect(await axeViolations(owner.page, 'main')).toEqual([]);

      // Print all: the answer holds each card's link (shown only now).
      await owner.page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'yes');
      });
      const answered = owner.page.waitForResponse((r) => r.url().endsWith('/wp-json/yo/v1/sign-in-cards') && r.request().method() === 'POST');
      await owner.page.getByRole('button', { name: 'Print cards' }).click();
      const { cards } = (await (await answered).json()) as SignInCardsIssued;
      const miasCard = cards.find((c) => c.firstName === 'Mia');
      expect(miasCard).toBeDefined();
      expect(new URL(miasCard!.link).pathname).toBe('/card-sign-in');

      const sheets = owner.page.getByRole('region', { name: /^Page \d+ of \d+$/ });
      await sheets.first().waitFor();
      expect(await sheets.count()).toBe(Math.ceil(cards.length / 8));
      expect(await sheets.first().getByRole('listitem').count()).toBe(Math.min(8, cards.length));
      const miaCard = sheets.getByRole('listitem').filter({ has: owner.page.getByRole('heading', { name: 'Mia', exact: true }) });
      await miaCard.getByRole('img', { name: 'QR code that signs Mia in' }).waitFor();
      expect(await miaCard.textContent()).toContain(new URL(base).host);
      await screenshot(owner.page, 'sign-in-cards-print-view');
      expect(await axeViolations(owner.page, 'main')).toEqual([]);
      await owner.page.getByRole('button', { name: 'Print', exact: true }).click();
      expect(await owner.page.getAttribute('body', 'data-printed')).toBe('yes');
      // On paper: the sheets alone (no header, no buttons), two cards a row.
      await owner.page.emulateMedia({ media: 'print' });
      expect(await owner.page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
      const boxes = await sheets.first().getByRole('listitem').evaluateAll((items) => items.slice(0, 2).map((li) => li.getBoundingClientRect().top));
      if (boxes.length === 2) expect(boxes[0]).toBe(boxes[1]);
      await screenshot(owner.page, 'sign-in-cards-paper');
      await owner.page.emulateMedia({ media: 'screen' });

      // Mia's tablet: the card's link signs her in and lands on her home screen, the token gone from the address.
      await tablet.page.goto(miasCard!.link);
      await tablet.page.waitForURL(`${base}/building_instructions/Mia%20Levi`);
      await tablet.page.getByText('Hi Mia Levi').waitFor();
      expect(tablet.page.url()).not.toContain('token');
      await screenshot(tablet.page, 'sign-in-cards-child-home');

      // The owner voids it.
      await owner.page.getByRole('button', { name: 'Back to the cards list' }).click();
      await miaRow.getByText(/Printed/).waitFor();
      await owner.page.getByRole('button', { name: 'Void card: Mia Levi' }).click();
      const dialog = owner.page.getByRole('dialog', { name: "Void Mia's card?" });
      await dialog.getByRole('button', { name: 'Void card' }).click();
      await dialog.waitFor({ state: 'detached' });
      await miaRow.getByText(/Void since/).waitFor();

      // The same card on another tablet: refused, calmly.
      await later.page.goto(miasCard!.link);
      await later.page.getByRole('alert').getByText('This card no longer works. Ask your teacher for a new card.').waitFor();
      expect(later.page.url()).not.toContain('token');
      await screenshot(later.page, 'sign-in-cards-voided');
      expect(await axeViolations(later.page, 'main')).toEqual([]);

      expect(owner.errors).toEqual([]);
      expect(tablet.errors).toEqual([]);
      expect(later.errors).toEqual([]);
    } finally {
      await tablet.close();
      await later.close();
    }
  });

  it("a model's printable QR code opens the model, through the sign-in when signed out", async () => {
    const base = journey.portal.baseUrl;
    const owner = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(owner.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
    await owner.page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
    await owner.page.getByTestId(`model-card-${CATAPULT.id}`).getByRole('link', { name: 'Print QR: Catapult' }).click();
    await owner.page.getByRole('heading', { name: 'Print QR: Catapult' }).waitFor();
    await owner.page.getByRole('img', { name: 'QR code that opens Catapult' }).waitFor();
    const modelUrl = `${base}/model_building_instructions/${PM1.name}/${PM1.id}/${CATAPULT.id}`;
    await owner.page.getByText(modelUrl).waitFor();
    expect(await axeViolations(owner.page, 'main')).toEqual([]);
    await screenshot(owner.page, 'sign-in-cards-model-qr');

    // Scanned on a signed-out tablet: the sign-in, then the model.
    const kitBox = await journey.openBrowser({ viewport: { width: 800, height: 1000 } });
    await kitBox.page.goto(modelUrl);
    await kitBox.page.getByLabel('Username or e-mail').waitFor();
    await signIn(kitBox.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password);
    await kitBox.page.waitForURL(modelUrl);
    await kitBox.page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ }).waitFor();
    expect(owner.errors).toEqual([]);
    expect(kitBox.errors).toEqual([]);
  });
});
