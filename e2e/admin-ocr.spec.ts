import { expect, test } from '@playwright/test';
import { scannedPdf } from '../backend/test/fixtures/pdf-fixtures';
import { AdminConsole, signInThroughMailedLink } from './pages/adminConsole';
import { E2E_ADMIN_EMAIL } from './support/env';

const SESSION = 'Residual Value Forecasting for Construction Equipment';

test('an image-only PDF is read by OCR and its row says which pages were', async ({ page }) => {
  const filename = `scanned-handout-${Date.now()}.pdf`;
  const pdf = await scannedPdf([['Residual value handout, scanned copy'], ['A saffron heron appraised forty excavators in Tulsa.']]);
  const app = new AdminConsole(page);
  await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
  await app.openTab('PDFs');
  await page.getByLabel('PDF file').setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('combobox', { name: 'Session' }).fill(SESSION);
  await page.getByRole('option', { name: SESSION }).click();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await app.expectToast('Upload Successful: Document uploaded and processing started.');
  const row = app.row(filename);
  await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 80_000 });
  await expect(row.getByText('Pages 1–2 read by OCR')).toBeVisible();
  await app.screenshot('admin-pdfs-ocr');
});
