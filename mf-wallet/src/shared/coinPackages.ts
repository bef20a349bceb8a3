import { COIN_PACKAGES, type CoinPackageId } from '@lakorn/contracts/web';
import { formatThaiNumber } from '@lakorn/ui';

// spec §3, §9 coin packages: the four fixed packages (the server keeps the same prices).

export const PACKAGE_NAMES: Record<CoinPackageId, string> = {
  small: 'แพ็กเกจเล็ก',
  medium: 'แพ็กเกจกลาง',
  large: 'แพ็กเกจใหญ่',
  xl: 'แพ็กเกจสุดคุ้ม',
};

export const PACKAGES = Object.values(COIN_PACKAGES);

export function isPackageId(value: string | undefined): value is CoinPackageId {
  return value !== undefined && Object.hasOwn(COIN_PACKAGES, value);
}

/** '19.00': the amount as a banking app shows it (and as it is copied). */
export function bahtAmount(priceThb: number): string {
  return priceThb.toFixed(2);
}

/** '฿19' for prices on cards, '฿249' etc. */
export function bahtPrice(priceThb: number): string {
  return `฿${formatThaiNumber(priceThb)}`;
}
