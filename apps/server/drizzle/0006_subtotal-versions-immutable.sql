-- Custom SQL migration file, put your code below! --
-- A subtotal's versions are a record of how its figures moved: once written, never changed.
CREATE FUNCTION "subtotal_versions_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'subtotal versions are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "subtotal_versions_immutable" BEFORE UPDATE OR DELETE ON "subtotal_versions"
  FOR EACH ROW EXECUTE FUNCTION "subtotal_versions_immutable"();
