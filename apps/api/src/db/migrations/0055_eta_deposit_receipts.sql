-- A cash order's deposit kept when its parcel is refused at the door gets a receipt of its own kind (receipts/issue.ts).
ALTER TABLE "eta_receipts" DROP CONSTRAINT "eta_receipts_kind";--> statement-breakpoint
ALTER TABLE "eta_receipts" ADD CONSTRAINT "eta_receipts_kind" CHECK ("eta_receipts"."kind" in ('sale', 'return', 'deposit'));
