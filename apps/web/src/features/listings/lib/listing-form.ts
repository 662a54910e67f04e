import type { UseFormReturnType } from '@mantine/form';
import type {
  AustralianState,
  BuildingType,
  CampaignType,
  Listing,
  ListingUpdate,
  ProjectType,
  SalesPeriodStage,
  SalesStatus,
  Stage,
} from '@offplan/shared';
import { listingUpdateSchema } from '@offplan/shared';

/** Number inputs hold '' while empty. */
type NumberField = number | '';

export type ConfigurationValues = {
  /** Absent for rows added in this editor until the server gives them one. */
  id?: number | undefined;
  /** Stable React key. */
  key: string;
  name: string;
  bedrooms: NumberField;
  bathrooms: NumberField;
  carSpaces: NumberField;
  priceFrom: NumberField;
  priceTo: NumberField;
  internalSizeSqm: NumberField;
  stockAvailable: NumberField;
};

export type ListingFormValues = {
  name: string;
  title: string;
  description: string;
  developerName: string;
  builderName: string;
  marketerName: string;
  buildingType: BuildingType;
  projectType: ProjectType | null;
  stage: Stage;
  salesStatus: SalesStatus;
  salesPeriodStage: SalesPeriodStage | null;
  campaignType: CampaignType;
  address: {
    fullAddress: string;
    streetNumber: string;
    streetName: string;
    suburb: string;
    state: AustralianState;
    postcode: string;
    lga: string;
    country: string;
    lat: NumberField;
    lng: NumberField;
  };
  amenities: string[];
  estimatedCompletionQuarter: string | null;
  estimatedCompletionYear: NumberField;
  videoUrl: string;
  website: string;
  displaySuiteAddress: string;
  displaySuiteHours: string;
  configurations: ConfigurationValues[];
};

const text = (value: string | null | undefined) => value ?? '';
const num = (value: number | null | undefined): NumberField => (value == null ? '' : value);
const orNull = (value: string) => (value.trim() === '' ? null : value);
const numOrNull = (value: NumberField) => (value === '' ? null : value);

let newRowCounter = 0;
/** The editor's form, handed to each section component. */
export type ListingForm = UseFormReturnType<ListingFormValues>;

export function newConfigurationRow(): ConfigurationValues {
  newRowCounter += 1;
  return {
    key: `new-${newRowCounter}`,
    name: '',
    bedrooms: 1,
    bathrooms: 1,
    carSpaces: 0,
    priceFrom: '',
    priceTo: '',
    internalSizeSqm: '',
    stockAvailable: 0,
  };
}

export function toFormValues(listing: Listing): ListingFormValues {
  return {
    name: listing.name,
    title: listing.title,
    description: listing.description,
    developerName: text(listing.developerName),
    builderName: text(listing.builderName),
    marketerName: text(listing.marketerName),
    buildingType: listing.buildingType,
    projectType: listing.projectType,
    stage: listing.stage,
    salesStatus: listing.salesStatus,
    salesPeriodStage: listing.salesPeriodStage,
    campaignType: listing.campaignType,
    address: {
      fullAddress: listing.address.fullAddress,
      streetNumber: text(listing.address.streetNumber),
      streetName: text(listing.address.streetName),
      suburb: listing.address.suburb,
      state: listing.address.state,
      postcode: listing.address.postcode,
      lga: text(listing.address.lga),
      country: listing.address.country,
      lat: num(listing.address.lat),
      lng: num(listing.address.lng),
    },
    amenities: listing.amenities,
    estimatedCompletionQuarter:
      listing.estimatedCompletionQuarter == null ? null : String(listing.estimatedCompletionQuarter),
    estimatedCompletionYear: num(listing.estimatedCompletionYear),
    videoUrl: text(listing.videoUrl),
    website: text(listing.website),
    displaySuiteAddress: text(listing.displaySuiteAddress),
    displaySuiteHours: text(listing.displaySuiteHours),
    configurations: listing.configurations.map((row) => ({
      id: row.id,
      key: `row-${row.id}`,
      name: row.name,
      bedrooms: row.bedrooms,
      bathrooms: row.bathrooms,
      carSpaces: row.carSpaces,
      priceFrom: num(row.priceFrom),
      priceTo: num(row.priceTo),
      internalSizeSqm: num(row.internalSizeSqm),
      stockAvailable: row.stockAvailable,
    })),
  };
}

/** The whole form as the update body (every field), before validation. */
export function toUpdate(values: ListingFormValues): Required<ListingUpdate> {
  return {
    name: values.name,
    title: values.title,
    description: values.description,
    developerName: orNull(values.developerName),
    builderName: orNull(values.builderName),
    marketerName: orNull(values.marketerName),
    buildingType: values.buildingType,
    projectType: values.projectType,
    stage: values.stage,
    salesStatus: values.salesStatus,
    salesPeriodStage: values.salesPeriodStage,
    campaignType: values.campaignType,
    address: {
      fullAddress: values.address.fullAddress,
      streetNumber: orNull(values.address.streetNumber),
      streetName: orNull(values.address.streetName),
      suburb: values.address.suburb,
      state: values.address.state,
      postcode: values.address.postcode,
      lga: orNull(values.address.lga),
      country: values.address.country,
      lat: numOrNull(values.address.lat),
      lng: numOrNull(values.address.lng),
    },
    amenities: values.amenities,
    estimatedCompletionQuarter:
      values.estimatedCompletionQuarter == null ? null : Number(values.estimatedCompletionQuarter),
    estimatedCompletionYear: numOrNull(values.estimatedCompletionYear),
    videoUrl: orNull(values.videoUrl),
    website: orNull(values.website),
    displaySuiteAddress: orNull(values.displaySuiteAddress),
    displaySuiteHours: orNull(values.displaySuiteHours),
    configurations: values.configurations.map((row) => ({
      ...(row.id === undefined ? {} : { id: row.id }),
      name: row.name,
      bedrooms: row.bedrooms === '' ? 0 : row.bedrooms,
      bathrooms: row.bathrooms === '' ? 0 : row.bathrooms,
      carSpaces: row.carSpaces === '' ? 0 : row.carSpaces,
      priceFrom: numOrNull(row.priceFrom),
      priceTo: numOrNull(row.priceTo),
      internalSizeSqm: numOrNull(row.internalSizeSqm),
      stockAvailable: row.stockAvailable === '' ? 0 : row.stockAvailable,
    })),
  };
}

type UpdateKey = keyof Required<ListingUpdate>;

/** The top-level fields whose value differs between the saved body and the current one. */
export function changedFields(
  saved: Required<ListingUpdate>,
  current: Required<ListingUpdate>,
  omit: readonly UpdateKey[] = [],
): Partial<Required<ListingUpdate>> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(current) as UpdateKey[]) {
    if (omit.includes(key)) continue;
    if (JSON.stringify(saved[key]) !== JSON.stringify(current[key])) changes[key] = current[key];
  }
  return changes as Partial<Required<ListingUpdate>>;
}

export type CheckedChanges = {
  /** What may be sent. */
  valid: Partial<Required<ListingUpdate>>;
  /** Field path (Mantine form style, e.g. `address.postcode`, `configurations.0.name`) → message. */
  errors: Record<string, string>;
};

/**
 * Validates changes with the shared update schema; fields that fail are held back (with their
 * messages) and the rest may still be saved. The schema holds spec §5's video-link rule too.
 */
export function checkChanges(changes: Partial<Required<ListingUpdate>>): CheckedChanges {
  const errors: Record<string, string> = {};
  const valid: Record<string, unknown> = { ...changes };
  const parsed = listingUpdateSchema.safeParse(changes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path && !(path in errors)) errors[path] = issue.message;
    }
  }
  for (const path of Object.keys(errors)) delete valid[path.split('.')[0] ?? path];
  return { valid: valid as Partial<Required<ListingUpdate>>, errors };
}
