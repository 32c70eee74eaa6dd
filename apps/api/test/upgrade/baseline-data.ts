import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { transaction } from '../../src/db/transaction.js';

/**
 * A shop's data in the baseline schema (migration 0000), a row or more in every table: orders with their
 * status history and payments, reviews, favourites, carts, addresses, resets, audit lines, and images
 * kept in the database. Written in that schema's own SQL, so it stays valid however the schema moves on.
 */
const STATEMENTS = [
  `insert into users (id, name, email, phone, password_hash, role, token_version, created_at) values
    ('00000000-0000-4000-8000-000000000001', 'Hoda Kamel', 'admin@example.com', '01000000001', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', true, 2, '2026-01-02T10:00:00Z'),
    ('00000000-0000-4000-8000-000000000002', 'مريم عادل', 'mariam@example.com', '01100000002', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaB', false, 0, '2026-01-03T10:00:00Z')`,
  `insert into password_resets (id, user_id, token_hash, expires_at, used_at, created_at) values
    ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000002', 'b1946ac92492d2347c6235b4d2611184', '2026-01-04T11:00:00Z', '2026-01-04T10:30:00Z', '2026-01-04T10:00:00Z')`,
  `insert into departments (id, name, name_ar, created_at) values ('00000000-0000-4000-8000-000000000021', 'Electronics', 'إلكترونيات', '2026-01-01T00:00:00Z')`,
  `insert into categories (id, name, name_ar, department_id, image_path, created_at) values
    ('00000000-0000-4000-8000-000000000031', 'Phones', 'هواتف', '00000000-0000-4000-8000-000000000021', '/uploads/cat-phones.webp', '2026-01-01T00:00:00Z')`,
  `insert into products (id, name, name_ar, description, description_ar, brand, price, stock, weight, cod, category_id, department_id, image_paths, rating, num_reviews, created_at) values
    ('00000000-0000-4000-8000-000000000041', 'Nile Phone 12', 'هاتف النيل ١٢', 'A phone with a long battery life', 'هاتف ببطارية طويلة العمر', 'Nile', 1299900, 10, 0.2, true,
     '00000000-0000-4000-8000-000000000031', '00000000-0000-4000-8000-000000000021', '{/uploads/phone-1.webp,/uploads/phone-2.webp}', 4.5, 1, '2026-01-01T01:00:00Z'),
    ('00000000-0000-4000-8000-000000000042', 'Delta Charger', null, 'Fast charger, 65 W', null, 'Delta', 49900, 0, 0.1, false,
     '00000000-0000-4000-8000-000000000031', '00000000-0000-4000-8000-000000000021', '{}', 0, 0, '2026-01-01T02:00:00Z')`,
  `insert into reviews (id, product_id, user_id, rating, title, comment, created_at) values
    ('00000000-0000-4000-8000-000000000051', '00000000-0000-4000-8000-000000000041', '00000000-0000-4000-8000-000000000002', 5, 'ممتاز', 'Works well, arrived in two days', '2026-01-10T00:00:00Z')`,
  `insert into cart_items (user_id, product_id, quantity, created_at) values
    ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000041', 2, '2026-01-11T00:00:00Z')`,
  `insert into favourites (user_id, product_id, created_at) values
    ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000042', '2026-01-11T00:05:00Z')`,
  `insert into addresses (id, user_id, street, building, city, state, phone, zip_code, country, created_at) values
    ('00000000-0000-4000-8000-000000000061', '00000000-0000-4000-8000-000000000002', 'Tahrir St', '5', 'Cairo', 'Cairo', '01100000002', '11511', 'Egypt', '2026-01-05T00:00:00Z')`,
  `insert into orders (id, user_id, status, payment_method, items_total, shipping, cod_fee, bill, delivery_address, payment_intent_id, created_at, updated_at) values
    ('00000000-0000-4000-8000-000000000071', '00000000-0000-4000-8000-000000000002', 'delivered', 'cash', 1299900, 5000, 1000, 1305900,
     '{"street":"Tahrir St","building":"5","city":"Cairo","state":"Cairo","phone":"01100000002","zipCode":"11511","country":"Egypt"}', null, '2026-01-06T00:00:00Z', '2026-01-08T00:00:00Z'),
    ('00000000-0000-4000-8000-000000000072', '00000000-0000-4000-8000-000000000002', 'paid', 'card', 1299900, 5000, 0, 1304900,
     '{"street":"Tahrir St","building":"5","city":"Cairo","state":"Cairo","phone":"01100000002","zipCode":"11511","country":"Egypt"}', 'pi_test_1', '2026-01-07T00:00:00Z', '2026-01-07T00:01:00Z')`,
  `insert into order_items (id, order_id, product_id, name, name_ar, price, image_paths, quantity) values
    ('00000000-0000-4000-8000-000000000081', '00000000-0000-4000-8000-000000000071', '00000000-0000-4000-8000-000000000041', 'Nile Phone 12', 'هاتف النيل ١٢', 1299900, '{/uploads/phone-1.webp,/uploads/phone-2.webp}', 1),
    ('00000000-0000-4000-8000-000000000082', '00000000-0000-4000-8000-000000000072', '00000000-0000-4000-8000-000000000041', 'Nile Phone 12', 'هاتف النيل ١٢', 1299900, '{/uploads/phone-1.webp,/uploads/phone-2.webp}', 1)`,
  `insert into order_status_history (order_id, status, at) values
    ('00000000-0000-4000-8000-000000000071', 'pending', '2026-01-06T00:00:00Z'),
    ('00000000-0000-4000-8000-000000000071', 'shipped', '2026-01-07T00:00:00Z'),
    ('00000000-0000-4000-8000-000000000071', 'delivered', '2026-01-08T00:00:00Z'),
    ('00000000-0000-4000-8000-000000000072', 'pending', '2026-01-07T00:00:00Z'),
    ('00000000-0000-4000-8000-000000000072', 'paid', '2026-01-07T00:01:00Z')`,
  `insert into test_payment_intents (id, client_secret, order_id, amount, currency, status, last_error, created_at) values
    ('pi_test_1', 'pi_test_1_secret_x', '00000000-0000-4000-8000-000000000072', 1304900, 'egp', 'succeeded', null, '2026-01-07T00:00:00Z')`,
  `insert into payment_events (id, type, received_at) values ('evt_1', 'payment_intent.succeeded', '2026-01-07T00:01:00Z')`,
  `insert into audit_logs (type, action, user_id, user_email, message, data, ip, created_at) values
    ('order', 'order_status', '00000000-0000-4000-8000-000000000001', 'admin@example.com', 'Order delivered', '{"from":"shipped","to":"delivered"}', '203.0.113.9', '2026-01-08T00:00:00Z')`,
  `insert into images (name, content_type, bytes, created_at) values
    ('phone-1.webp', 'image/webp', '\\x52494646deadbeef', '2026-01-01T01:00:00Z'),
    ('cat-phones.webp', 'image/webp', '\\x52494646cafebabe', '2026-01-01T00:00:00Z')`,
];

export async function fillBaseline(db: Db): Promise<void> {
  await transaction(db, async (tx) => {
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
  });
}
