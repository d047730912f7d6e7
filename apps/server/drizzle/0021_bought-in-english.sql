-- Issue 29 item 7: English says "Bought" for a buyback; "Recycled" is the specification's internal
-- name, never a user's word. The status label seeded before this migration is renamed where it is
-- still the seeded one (a shop that wrote its own label keeps it).
UPDATE "dictionary_options"
SET "label" = jsonb_set("label", '{en}', '"Bought"')
WHERE "group_key" = 'identify_product.status' AND "value" = '80' AND "label"->>'en' = 'Recycled';
