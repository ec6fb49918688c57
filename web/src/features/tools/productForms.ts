/**
 * The four modal forms of the Power Profit Tool (spec §2) as data: which fields each edits, with their labels,
 * units and help tooltips. Every form saves the whole product (the other fields keep their stored values).
 */
import { FIELD_REQUIRED } from '@rainmakers/contracts/messages';
import type { ProductBody } from '../../api/tools';

export type FormKind = 'product' | 'promotion' | 'advertising' | 'planning';
export type Tab = 'product' | 'promotion' | 'advertising' | 'planning' | 'all';

export const TABS: { value: Tab; label: string }[] = [
  { value: 'product', label: 'Product' },
  { value: 'promotion', label: 'Promotion' },
  { value: 'advertising', label: 'Advertising' },
  { value: 'planning', label: 'Planning' },
  { value: 'all', label: 'View All' },
];

/** The form 'Edit Metrics' opens on each tab. */
export const METRICS_FORM: Record<Tab, FormKind> = {
  product: 'product',
  promotion: 'promotion',
  advertising: 'advertising',
  planning: 'planning',
  all: 'product',
};

export type FieldName =
  | 'title'
  | 'description'
  | 'units'
  | 'costPerUnit'
  | 'shippingCost'
  | 'amazonFees'
  | 'amazonRetailPrice'
  | 'promotionUnitsPerDay'
  | 'promotionPercentage'
  | 'promotionDays'
  | 'spend'
  | 'sales'
  | 'projectedUnits'
  | 'dailyAdvertisingCost';

export interface FieldSpec {
  name: FieldName;
  label: string;
  help: string;
  unit?: '$' | '%';
  required?: boolean;
  whole?: boolean;
  multiline?: boolean;
}

export const FORMS: Record<FormKind, { title: string; fields: FieldSpec[] }> = {
  product: {
    title: 'Product',
    fields: [
      { name: 'title', label: 'Title', required: true, help: 'A name you will recognise, e.g. "Garlic press".' },
      { name: 'description', label: 'Description', multiline: true, help: 'Optional notes: variant, supplier, size.' },
      {
        name: 'units',
        label: 'Number of Units',
        required: true,
        whole: true,
        help: 'How many units you plan to order from the manufacturer (your bulk order).',
      },
      {
        name: 'costPerUnit',
        label: 'Manufacturing Cost Per Unit',
        unit: '$',
        required: true,
        help: "What the manufacturer charges for one unit, from the supplier's quote.",
      },
      {
        name: 'shippingCost',
        label: 'Shipping and Customs Per Unit',
        unit: '$',
        required: true,
        help: 'Freight, duties and customs for the order divided by the number of units.',
      },
      {
        name: 'amazonFees',
        label: 'Amazon Fulfillment Fees',
        unit: '$',
        required: true,
        help: "Amazon's FBA fulfilment fee plus the referral fee for one unit (Amazon's revenue calculator gives both).",
      },
      {
        name: 'amazonRetailPrice',
        label: 'Amazon Retail Price',
        unit: '$',
        required: true,
        help: 'The price you will sell one unit for on Amazon.',
      },
    ],
  },
  promotion: {
    title: 'Promotion and Advertising Planning',
    fields: [
      {
        name: 'promotionUnitsPerDay',
        label: 'Units Per Day',
        whole: true,
        help: 'How many units you give out per day during the launch promotion.',
      },
      {
        name: 'promotionPercentage',
        label: 'Percentage Off',
        unit: '%',
        help: 'The discount during the promotion. We recommend 90 to 99 percent off.',
      },
      {
        name: 'promotionDays',
        label: 'Number of Days',
        whole: true,
        help: 'How long the promotion runs. We recommend 7 to 10 days.',
      },
    ],
  },
  advertising: {
    title: 'Advertising',
    fields: [
      { name: 'spend', label: 'Advertising Spend', unit: '$', help: 'What a campaign spent, from your ads report.' },
      { name: 'sales', label: 'Advertising Sales', unit: '$', help: 'The sales the campaign brought, same report.' },
    ],
  },
  planning: {
    title: 'Planning',
    fields: [
      {
        name: 'projectedUnits',
        label: 'Projected Units Per Month',
        whole: true,
        help: 'How many units you expect to sell in a month.',
      },
      {
        name: 'dailyAdvertisingCost',
        label: 'Daily Advertising Cost',
        unit: '$',
        help: 'Your planned advertising budget per day (a month counts 30 days).',
      },
    ],
  },
};

/** The form's starting values: the product's, as input text (money with 2 decimals; '' for a new product). */
export function initialValues(product: ProductBody | null): Record<FieldName, string> {
  const specs = Object.values(FORMS).flatMap((f) => f.fields);
  return Object.fromEntries(
    specs.map((spec) => {
      const value = product?.[spec.name];
      if (value === undefined || value === null) return [spec.name, ''];
      return [spec.name, spec.unit === '$' && typeof value === 'number' ? value.toFixed(2) : String(value)];
    }),
  ) as Record<FieldName, string>;
}

/** Checks before sending (the server checks again): required fields and numbers, per field. */
export function checkFields(kind: FormKind, values: Record<FieldName, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of FORMS[kind].fields) {
    const text = values[field.name].trim();
    if (field.name === 'title') {
      if (!text) errors.title = FIELD_REQUIRED;
      continue;
    }
    if (field.name === 'description') continue;
    if (!text) {
      if (field.required) errors[field.name] = FIELD_REQUIRED;
      continue;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) errors[field.name] = 'Must be a number';
    else if (value < 0) errors[field.name] = 'Cannot be negative';
    else if (field.whole && !Number.isInteger(value)) errors[field.name] = 'Must be a whole number';
    else if (field.unit === '%' && value > 100) errors[field.name] = 'Must be at most 100';
  }
  return errors;
}
