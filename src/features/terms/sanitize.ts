import DOMPurify from 'dompurify';

/**
 * CMS HTML made safe to render: DOMPurify's defaults (no scripts, no event handlers, no
 * javascript: URLs), no forms or styles, and links that leave the site open in a new tab.
 */
export function sanitizeCmsHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: false,
  });
  const holder = document.createElement('div');
  holder.innerHTML = clean;
  for (const link of holder.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return holder.innerHTML;
}
