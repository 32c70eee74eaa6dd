-- What a refund request asks the provider to give back, in piastres (payments/refund-request.ts): the provider's
-- callback that finalises a refund without saying how much (Fawry's PARTIAL_REFUNDED) records this amount.
ALTER TABLE "payment_events" ADD COLUMN "amount" integer;
