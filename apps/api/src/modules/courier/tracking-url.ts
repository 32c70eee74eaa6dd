/** Where a shopper follows a parcel on its courier's own site; none for a number the admin typed. */
export function trackingUrl(courier: string | null, trackingNumber: string | null): string | null {
  if (!trackingNumber) return null;
  if (courier === 'bosta')
    return `https://bosta.co/tracking-shipments?shipment-number=${encodeURIComponent(trackingNumber)}`;
  return null;
}
