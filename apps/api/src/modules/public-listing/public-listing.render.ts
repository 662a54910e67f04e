import {
  type Listing,
  NO_CONSTRUCTION_INFO_STAGES,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  PROJECT_TYPE_LABELS,
} from '@offplan/shared';
import { escapeHtml } from '../../lib/message-templates.ts';
import {
  type EnquiryFormState,
  enquiryFormHtml,
  enquiryFormScriptTag,
  FORM_STYLE,
} from './enquiry-form.render.ts';
import { listingTrackerScriptTag } from './listing-tracker.script.ts';

/** JSON safe inside a <script> element (no `</script>`, no HTML comment openers). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A URL fit for an href/src on the page: absolute http(s), or a path on this site. Anything else
 * (javascript:, data:, protocol-relative `//host` or `/\host`) gives null. Stored URLs are made by the
 * server or checked by the editor, but imported and old rows are not: the page checks again.
 */
export function safeUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  return /^https?:\/\/[^\s/\\]/i.test(value) || /^\/(?![/\\])/.test(value) ? value : null;
}

const money = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  maximumFractionDigits: 0,
});

function priceText(from: number | null, to: number | null): string {
  if (from != null && to != null && to !== from) return `${money.format(from)} – ${money.format(to)}`;
  if (from != null) return `From ${money.format(from)}`;
  if (to != null) return `Up to ${money.format(to)}`;
  return 'Price on application';
}

/** A short plain-text summary for the meta description (about 155 characters, cut at a word). */
export function metaDescription(listing: Listing): string {
  const text = listing.description.replace(/\s+/g, ' ').trim();
  const fallback = `${listing.title}: new ${listing.buildingType === 'TOWNHOUSES' ? 'townhouses' : 'apartments'} in ${listing.address.suburb} ${listing.address.state}.`;
  const source = text || fallback;
  if (source.length <= 155) return source;
  const cut = source.slice(0, 155);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 155)}…`;
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#f6f7fb}
body{margin:0}main{max-width:1100px;margin:0 auto;padding:24px 16px 64px}
header.site{background:#fff;border-bottom:1px solid #e3e6ef;padding:12px 16px}
header.site a{color:#1d2433;font-weight:700;text-decoration:none}
h1{font-size:2rem;margin:.5rem 0 .25rem}h2{font-size:1.25rem;margin:2rem 0 .75rem}
.address{color:#5b6478;margin:0 0 1rem}.badges span{display:inline-block;background:#e8edff;color:#2740a8;border-radius:999px;padding:2px 10px;margin:0 6px 6px 0;font-size:.85rem}
.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:8px}
.gallery figure{margin:0}.gallery img{width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;border-radius:8px;background:#dde}
.gallery figure.hero{grid-column:1/-1}.gallery figure.hero img{aspect-ratio:16/9}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:8px;border-bottom:1px solid #e3e6ef}
.notice{background:#fff4e5;border:1px solid #f5c07a;border-radius:8px;padding:12px 16px}
.card{background:#fff;border:1px solid #e3e6ef;border-radius:8px;padding:16px}
.description p{line-height:1.6}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{color:#5b6478}dd{margin:0}
a{color:#2740a8}
${FORM_STYLE}`;

export type RenderContext = { baseUrl: string; productName: string };

type LinkedMedia = Listing['images'];

/** Structured data for search engines (schema.org): the listing as a residence with its offers. */
function listingJsonLd(
  listing: Listing,
  facts: { description: string; canonical: string; closed: boolean; images: LinkedMedia },
  absolute: (url: string) => string,
) {
  const { address } = listing;
  const prices = listing.configurations
    .flatMap((c) => [c.priceFrom, c.priceTo])
    .filter((p): p is number => p != null);
  return {
    '@context': 'https://schema.org',
    '@type': listing.buildingType === 'TOWNHOUSES' ? 'Residence' : 'ApartmentComplex',
    name: listing.title,
    description: facts.description,
    url: facts.canonical,
    ...(facts.images.length ? { image: facts.images.map((image) => absolute(image.url)) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: [address.streetNumber, address.streetName].filter(Boolean).join(' ') || undefined,
      addressLocality: address.suburb,
      addressRegion: address.state,
      postalCode: address.postcode || undefined,
      addressCountry: 'AU',
    },
    ...(address.lat != null && address.lng != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.lng } }
      : {}),
    ...(listing.amenities.length
      ? {
          amenityFeature: listing.amenities.map((name) => ({
            '@type': 'LocationFeatureSpecification',
            name,
            value: true,
          })),
        }
      : {}),
    ...(prices.length && !facts.closed
      ? {
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: 'AUD',
            lowPrice: Math.min(...prices),
            highPrice: Math.max(...prices),
            offerCount: listing.configurations.reduce((sum, c) => sum + c.stockAvailable, 0) || undefined,
          },
        }
      : {}),
  };
}

/** The gallery: the first image as the hero at full size, the rest as lazy thumbnails. */
function galleryHtml(images: LinkedMedia, title: string): string {
  return images
    .map(
      (image, index) =>
        `<figure${index === 0 ? ' class="hero"' : ''}><a href="${escapeHtml(image.url)}" data-track="gallery" data-media-id="${image.id}"><img src="${escapeHtml(index === 0 ? image.url : image.thumbnailUrl)}"${image.thumbnailUrl !== image.url ? ` srcset="${escapeHtml(image.thumbnailUrl)} 800w, ${escapeHtml(image.url)} 1600w" sizes="${index === 0 ? '(max-width: 1100px) 100vw, 1100px' : '(max-width: 640px) 100vw, 360px'}"` : ''} alt="${escapeHtml(`${title} – image ${index + 1}`)}"${image.width && image.height ? ` width="${image.width}" height="${image.height}"` : ''}${index === 0 ? '' : ' loading="lazy"'}></a></figure>`,
    )
    .join('');
}

function configurationRowsHtml(listing: Listing, closed: boolean): string {
  return listing.configurations
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.name)}</td><td>${c.bedrooms}</td><td>${c.bathrooms}</td><td>${c.carSpaces}</td><td>${c.internalSizeSqm != null ? `${escapeHtml(c.internalSizeSqm)} m²` : '–'}</td><td>${escapeHtml(priceText(c.priceFrom, c.priceTo))}</td><td>${closed ? 'Sold out' : c.stockAvailable > 0 ? `${c.stockAvailable} available` : 'Sold out'}</td></tr>`,
    )
    .join('');
}

/** Brochure and floorplan links, numbered when there are several of a kind. */
function documentsHtml(brochures: Listing['brochures'], floorplans: Listing['floorplans']): string {
  return [
    ...brochures.map(
      (doc, index) =>
        `<li><a href="${escapeHtml(doc.url)}" data-track="brochure_download" data-media-id="${doc.id}" rel="nofollow">Brochure${brochures.length > 1 ? ` ${index + 1}` : ''}</a> <small>(${escapeHtml(doc.mimeType === 'application/pdf' ? 'PDF' : 'image')})</small></li>`,
    ),
    ...floorplans.map(
      (doc, index) =>
        `<li><a href="${escapeHtml(doc.url)}" data-track="floorplan" data-media-id="${doc.id}" rel="nofollow">Floorplan${floorplans.length > 1 ? ` ${index + 1}` : ''}</a> <small>(${escapeHtml(doc.mimeType === 'application/pdf' ? 'PDF' : 'image')})</small></li>`,
    ),
  ].join('');
}

function locationSectionHtml(address: Listing['address'], place: string): string {
  return address.lat != null && address.lng != null
    ? `<section id="location"><h2>Location</h2><p class="card">${escapeHtml(address.fullAddress || place)}<br><span data-lat="${address.lat}" data-lng="${address.lng}">${address.lat.toFixed(5)}, ${address.lng.toFixed(5)}</span> · <a href="https://www.openstreetmap.org/?mlat=${address.lat}&amp;mlon=${address.lng}#map=16/${address.lat}/${address.lng}" rel="noopener nofollow" target="_blank">View on map</a></p></section>`
    : `<section id="location"><h2>Location</h2><p class="card">${escapeHtml(address.fullAddress || place)}</p></section>`;
}

/** The details list: term and value, a term without a value left out by the caller. */
function detailFacts(
  listing: Listing,
  showConstruction: boolean,
  completion: string | null,
): [string, string | null][] {
  return [
    ['Status', listing.salesStatusLabel],
    ['Stage', showConstruction ? listing.stageLabel : null],
    ['Estimated completion', completion],
    [
      'Type',
      listing.projectType
        ? PROJECT_TYPE_LABELS[listing.projectType]
        : listing.buildingType === 'TOWNHOUSES'
          ? 'Townhouses'
          : 'Apartments',
    ],
    ['Developer', listing.developerName],
    ['Builder', listing.builderName],
    ['Marketed by', listing.marketerName],
    ['Display suite', listing.displaySuiteAddress],
    ['Opening hours', listing.displaySuiteHours],
  ];
}

function descriptionParagraphs(description: string): string {
  return description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The public listing page (design §2): everything a buyer and a search engine read, server-rendered.
 * In-planning listings show no construction progress or completion date; sold-out listings show a
 * notice instead of the enquiry form. Without `form` the page holds nothing of one visit and may be
 * cached (its form token is filled in per response); with it, it shows what a buyer sent and must not.
 */
export function renderListingPage(listing: Listing, context: RenderContext, form?: EnquiryFormState): string {
  const linkable = <T extends { url: string; thumbnailUrl: string }>(items: T[]) =>
    items.filter((item) => safeUrl(item.url) && safeUrl(item.thumbnailUrl));
  const images = linkable(listing.images);
  // The website is another site's: absolute http(s) only, never a path here.
  const website = /^https?:/i.test(safeUrl(listing.website) ?? '') ? safeUrl(listing.website) : null;
  const canonical = `${context.baseUrl}${listing.publicPath}`;
  const { address } = listing;
  const place = `${address.suburb} ${address.state}${address.postcode ? ` ${address.postcode}` : ''}`;
  const pageTitle = `${listing.title} – ${address.suburb} ${address.state} | ${context.productName}`;
  const description = metaDescription(listing);
  const showConstruction = !NO_CONSTRUCTION_INFO_STAGES.includes(listing.stage);
  const closed = NO_NEW_ENQUIRY_SALES_STATUSES.includes(listing.salesStatus);
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${context.baseUrl}${url}`);
  const completion =
    showConstruction && listing.estimatedCompletionQuarter && listing.estimatedCompletionYear
      ? `Q${listing.estimatedCompletionQuarter} ${listing.estimatedCompletionYear}`
      : null;
  const jsonLd = listingJsonLd(listing, { description, canonical, closed, images }, absolute);
  const hero = images[0];
  const gallery = galleryHtml(images, listing.title);
  const configurationRows = configurationRowsHtml(listing, closed);
  const documents = documentsHtml(linkable(listing.brochures), linkable(listing.floorplans));
  const mapSection = locationSectionHtml(address, place);
  const facts = detailFacts(listing, showConstruction, completion);
  const paragraphs = descriptionParagraphs(listing.description);

  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON_LINK}
<title>${escapeHtml(pageTitle)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta property="og:type" content="website">
<meta property="og:title" content="${escapeHtml(listing.title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${escapeHtml(canonical)}">
${hero ? `<meta property="og:image" content="${escapeHtml(absolute(hero.url))}">` : ''}
<script type="application/ld+json">${scriptJson(jsonLd)}</script>
<style>${STYLE}</style>
</head>
<body>
<header class="site"><a href="/">${escapeHtml(context.productName)}</a></header>
<main data-project-id="${listing.id}">
<article>
<h1>${escapeHtml(listing.title)}</h1>
<p class="address">${escapeHtml(address.fullAddress || place)}</p>
<p class="badges"><span>${escapeHtml(listing.salesStatusLabel)}</span>${showConstruction ? `<span>${escapeHtml(listing.stageLabel)}</span>` : ''}${completion ? `<span>Completion ${escapeHtml(completion)}</span>` : ''}</p>
${closed ? '<p class="notice" role="status" id="enquiries-closed">This project is sold out and is no longer taking enquiries.</p>' : ''}
${gallery ? `<section id="gallery" class="gallery" aria-label="Gallery">${gallery}</section>` : ''}
<section id="about" class="description"><h2>About ${escapeHtml(listing.title)}</h2>${paragraphs || `<p>${escapeHtml(description)}</p>`}</section>
<section id="details"><h2>Details</h2><dl class="card">${facts
    .filter(([, value]) => value)
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join(
      '',
    )}${website ? `<dt>Website</dt><dd><a href="${escapeHtml(website)}" rel="noopener nofollow" target="_blank">${escapeHtml(website.replace(/^https?:\/\//i, ''))}</a></dd>` : ''}</dl></section>
${configurationRows ? `<section id="configurations"><h2>Configurations and prices</h2><table><thead><tr><th>Configuration</th><th>Bed</th><th>Bath</th><th>Car</th><th>Internal</th><th>Price</th><th>Availability</th></tr></thead><tbody>${configurationRows}</tbody></table></section>` : ''}
${listing.amenities.length ? `<section id="amenities"><h2>Amenities</h2><ul>${listing.amenities.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul></section>` : ''}
${listing.videoId ? `<section id="video"><h2>Video</h2><p><a href="https://www.youtube.com/watch?v=${escapeHtml(listing.videoId)}" data-track="video_play" rel="noopener" target="_blank">Watch the video</a></p></section>` : ''}
${documents ? `<section id="documents"><h2>Documents</h2><ul>${documents}</ul></section>` : ''}
${mapSection}
<section id="enquiry" data-enquiries="${closed ? 'closed' : 'open'}">
<h2 id="enquiry-heading">Enquire</h2>
${closed ? '<p class="notice">Enquiries are closed for this project.</p>' : enquiryFormHtml(listing, form)}
</section>
<!-- BUYER FEEDBACK SLOT (reporting issue) -->
<div data-slot="buyer-feedback" data-project-id="${listing.id}"></div>
</article>
</main>
<!-- VIEW TRACKING SLOT (reporting issue): page view, gallery, floorplan, brochure download, phone reveal and video play events read this and the data-track attributes above. -->
<script type="application/json" id="listing-tracking">${scriptJson({ projectId: listing.id, path: listing.publicPath })}</script>
${listingTrackerScriptTag()}
${closed ? '' : enquiryFormScriptTag()}
</body>
</html>
`;
}

export function renderNotFoundPage(context: RenderContext): string {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${FAVICON_LINK}<title>Listing not found | ${escapeHtml(context.productName)}</title><style>${STYLE}</style></head>
<body><header class="site"><a href="/">${escapeHtml(context.productName)}</a></header><main><h1>Listing not found</h1><p>This listing is not available. It may have been removed or is not on the marketplace.</p></main></body></html>
`;
}

/** The public pages' one stylesheet, which the buyer feedback page (modules/buyer-feedback) shares. */
export { STYLE as PUBLIC_PAGE_STYLE };

/** The web app's icon (apps/web/dist/favicon.svg): without it browsers ask for /favicon.ico, a 404. */
export const FAVICON_LINK = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
