import { FILE_TYPES, LIMITS } from '@boreline/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../core/i18n.js';
import { type FileUpload, type UploadedFile, UploadField } from './UploadField.js';

const SETTLE = { timeout: 5_000 };
const PHOTO_TYPES = ['jpg', 'jpeg', 'png'] as const;

const stored = (n: number): UploadedFile => ({ id: `f${n}`, name: `photo-${n}.jpg`, size: 1000, contentType: 'image/jpeg', thumbUrl: `/thumbs/${n}.jpg` });
const picture = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** The field inside a form: the value it holds is shown as the form would send it. */
function Harness(props: { initial: UploadedFile[]; upload: FileUpload; types?: readonly string[]; maxBytes?: number; maxCount?: number }) {
  const [value, setValue] = useState(props.initial);
  return (
    <>
      <UploadField
        id="photos"
        value={value}
        onChange={setValue}
        types={props.types ?? PHOTO_TYPES}
        maxBytes={props.maxBytes ?? 1024 * 1024}
        maxCount={props.maxCount ?? LIMITS.riskPicturesMax}
        upload={props.upload}
      />
      <output data-testid="value">{value.map((f) => f.id).join(',')}</output>
    </>
  );
}

const input = () => {
  const element = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!element) throw new Error('no file input');
  return element;
};
const held = () => screen.getByTestId('value').textContent;

describe('UploadField', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => undefined }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses the file beyond the count, before uploading it', async () => {
    const upload = vi.fn<FileUpload>(async (file) => ({ id: 'f10', name: file.name, size: file.size, contentType: file.type }));
    const nine = Array.from({ length: 9 }, (_, i) => stored(i + 1));
    render(<Harness initial={nine} upload={upload} maxCount={10} />);
    await userEvent.upload(input(), [picture('tenth.png'), picture('eleventh.png')]);
    expect((await screen.findByRole('alert', {}, SETTLE)).textContent).toBe('eleventh.png: at most 10 files');
    expect(upload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(held()).toBe('f1,f2,f3,f4,f5,f6,f7,f8,f9,f10'), SETTLE);
    expect(screen.getByRole('button', { name: /Add files/ }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses a file too large or of a type not accepted, in the reader’s language', async () => {
    const upload = vi.fn<FileUpload>();
    render(<Harness initial={[]} upload={upload} />);
    expect(screen.getByText('.jpg, .jpeg, .png; at most 1 MB per file and 6 files')).toBeTruthy();
    await userEvent.setup({ applyAccept: false }).upload(input(), [picture('site.png', 2 * 1024 * 1024), new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })]);
    const alert = await screen.findByRole('alert', {}, SETTLE);
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['site.png is larger than 1 MB', 'plan.pdf: only .jpg, .jpeg, .png files are accepted']);
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows each file’s progress, then a thumbnail for a picture and a chip for another file, each removable', async () => {
    let finish: (file: UploadedFile) => void = () => undefined;
    const upload = vi.fn<FileUpload>((file, onProgress) => {
      onProgress(30);
      return file.name.endsWith('.png')
        ? new Promise((resolve) => (finish = resolve))
        : Promise.resolve({ id: 'doc', name: file.name, size: file.size, contentType: 'application/pdf', url: '/files/doc' });
    });
    render(<Harness initial={[]} upload={upload} types={FILE_TYPES.knowledge} maxBytes={LIMITS.drawingImageMaxBytes} maxCount={5} />);
    await userEvent.upload(input(), [picture('face.png'), new File([new Uint8Array(3 * 1024)], 'manual.pdf', { type: 'application/pdf' })]);

    const progress = await screen.findByRole('progressbar', { name: 'Uploading face.png' }, SETTLE);
    expect(progress.getAttribute('aria-valuenow')).toBe('30');
    expect(await screen.findByRole('link', { name: 'manual.pdf' }, SETTLE)).toBeTruthy();
    expect(screen.getByText('3 kB')).toBeTruthy();

    finish({ id: 'pic', name: 'face.png', size: 2048, contentType: 'image/png', thumbUrl: '/thumbs/pic.png' });
    const thumbnail = await screen.findByRole('img', { name: 'face.png' }, SETTLE);
    // The picture just chosen shows from the browser's own copy.
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:preview-/);
    expect(held()).toBe('doc,pic');

    await userEvent.click(screen.getByRole('button', { name: 'Remove manual.pdf' }));
    expect(held()).toBe('pic');
    expect(screen.queryByRole('link', { name: 'manual.pdf' })).toBeNull();
  });

  it('shows the thumbnails of files the form already holds', () => {
    render(<Harness initial={[stored(1)]} upload={vi.fn<FileUpload>()} />);
    expect(screen.getByRole('img', { name: 'photo-1.jpg' }).getAttribute('src')).toBe('/thumbs/1.jpg');
  });
});
