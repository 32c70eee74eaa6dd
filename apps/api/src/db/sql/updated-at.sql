-- updated_at of departments, categories and products: when what shoppers see of the row last changed, the sitemap's
-- lastmod. Kept here rather than by the application, so that every writer moves it: the admin's forms, the CSV
-- import, checkout taking stock, a review changing the rating, a category moving its products (ON UPDATE CASCADE).
-- A row saved unchanged keeps its date (the WHEN clauses compare), and of the stock only whether there is any
-- counts: each sale is not a change search engines need to come back for.

CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS departments_touch ON departments;
--> statement-breakpoint
CREATE TRIGGER departments_touch BEFORE UPDATE OF name, name_ar ON departments FOR EACH ROW
  WHEN ((OLD.name, OLD.name_ar) IS DISTINCT FROM (NEW.name, NEW.name_ar))
  EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
DROP TRIGGER IF EXISTS categories_touch ON categories;
--> statement-breakpoint
CREATE TRIGGER categories_touch BEFORE UPDATE OF name, name_ar, image_path, department_id ON categories FOR EACH ROW
  WHEN ((OLD.name, OLD.name_ar, OLD.image_path, OLD.department_id) IS DISTINCT FROM (NEW.name, NEW.name_ar, NEW.image_path, NEW.department_id))
  EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
-- Runs after products_totals_from_variants and products_option_values_from_variants (variant-totals.sql: triggers of
-- one event run in name order), so it sees the totals they wrote.
DROP TRIGGER IF EXISTS products_touch ON products;
--> statement-breakpoint
CREATE TRIGGER products_touch BEFORE UPDATE OF name, name_ar, description, description_ar, brand, price, compare_at_price, stock, weight, cod, category_id, department_id, image_paths, rating, num_reviews ON products FOR EACH ROW
  WHEN ((OLD.name, OLD.name_ar, OLD.description, OLD.description_ar, OLD.brand, OLD.price, OLD.compare_at_price, OLD.stock > 0, OLD.weight, OLD.cod, OLD.category_id, OLD.department_id, OLD.image_paths, OLD.rating, OLD.num_reviews)
    IS DISTINCT FROM (NEW.name, NEW.name_ar, NEW.description, NEW.description_ar, NEW.brand, NEW.price, NEW.compare_at_price, NEW.stock > 0, NEW.weight, NEW.cod, NEW.category_id, NEW.department_id, NEW.image_paths, NEW.rating, NEW.num_reviews))
  EXECUTE FUNCTION touch_updated_at();
