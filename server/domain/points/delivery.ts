import {
  checkDeliveryAddress,
  DELIVERY_MAX,
  type DeliveryAddress,
  type DeliveryProblemCode,
  normalizeDeliveryAddress,
} from '../../../src/shared/deliveryAddress';
import type { PlatformConfig } from '../../config/schema';
import { ApiError } from '../../platform/apiError';

/** The countries a physical good is shipped to: those the brand serves (config `countries`). */
export function deliveryCountries(config: Pick<PlatformConfig, 'countries'>): string[] {
  return config.countries.map((country) => country.countryCode);
}

const messages: Record<DeliveryProblemCode, string> = {
  delivery_recipient_invalid: `Enter the recipient's name (up to ${DELIVERY_MAX.recipient} characters, one line).`,
  delivery_phone_invalid: 'Enter a phone number of 6 to 15 digits.',
  delivery_line1_invalid: `Enter the street address (up to ${DELIVERY_MAX.line1} characters, one line).`,
  delivery_line2_invalid: `The second address line takes up to ${DELIVERY_MAX.line2} characters, one line.`,
  delivery_city_invalid: `Enter the city (up to ${DELIVERY_MAX.city} characters, one line).`,
  delivery_postcode_invalid: `Enter the postcode in letters and digits (up to ${DELIVERY_MAX.postcode}).`,
  delivery_country_invalid: 'Choose a country we deliver to.',
};

/**
 * The address as it will be stored, or the first part's refusal: 400 with the part's own code
 * and `value.field` naming it (the redeem dialog shows it under that input).
 */
export function checkedDelivery(input: DeliveryAddress, countries: readonly string[]) {
  const [problem] = checkDeliveryAddress(input, countries);
  if (problem) {
    throw new ApiError(400, problem.code, messages[problem.code], { field: problem.field });
  }
  return normalizeDeliveryAddress(input);
}
