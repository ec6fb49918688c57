/** The FBA fee helper's form state and its evaluation (the fee rules are @rainmakers/contracts/fba-fees). */
import { estimateFbaFees, type FbaEstimate, fbaInputErrors } from '@rainmakers/contracts/fba-fees';

export type Side = 'length' | 'width' | 'height';
export const SIDES: { name: Side; label: string }[] = [
  { name: 'length', label: 'Length' },
  { name: 'width', label: 'Width' },
  { name: 'height', label: 'Height' },
];

export interface FbaHelperValues {
  categoryId: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  weightUnit: 'lb' | 'oz';
}

export const EMPTY_FBA_VALUES: FbaHelperValues = {
  categoryId: '',
  length: '',
  width: '',
  height: '',
  weight: '',
  weightUnit: 'lb',
};

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The estimate for these values and price, or the errors of the fields that are filled in but unusable. */
export function evaluate(
  values: FbaHelperValues,
  priceText: string,
): { estimate: FbaEstimate | null; errors: Partial<Record<keyof FbaHelperValues | 'price', string>> } {
  const weight = number(values.weight);
  const input = {
    categoryId: values.categoryId,
    length: number(values.length),
    width: number(values.width),
    height: number(values.height),
    weightLb: values.weightUnit === 'oz' ? weight / 16 : weight,
    price: number(priceText),
  };
  const all = fbaInputErrors(input);
  const errors: Partial<Record<keyof FbaHelperValues | 'price', string>> = {};
  // Only what the seller typed gets an error; empty fields just mean "not yet".
  for (const side of ['length', 'width', 'height'] as const)
    if (values[side].trim() && all[side]) errors[side] = all[side];
  if (values.weight.trim() && all.weightLb) errors.weight = all.weightLb;
  if (priceText.trim() && all.price) errors.price = all.price;
  if (Object.keys(all).length > 0) return { estimate: null, errors };
  return { estimate: estimateFbaFees(input), errors };
}
