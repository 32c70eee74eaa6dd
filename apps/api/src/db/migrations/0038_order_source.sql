-- Where an order came from: 'web' for the storefront's checkout (every order before this one), or the way a
-- customer reached the staff who placed it for them ('phone', 'whatsapp', 'instagram', 'other').
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;
