ALTER TABLE "api_keys" ADD COLUMN "accounts_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change to an account bumps its key's accounts_version (both keys when an account moves),
-- so a node can tell from one primary-key read whether its cached account list is still current.
CREATE FUNCTION "bump_key_accounts_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "api_keys" SET "accounts_version" = "accounts_version" + 1 WHERE "id" = OLD."key_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."key_id" IS DISTINCT FROM OLD."key_id") THEN
    UPDATE "api_keys" SET "accounts_version" = "accounts_version" + 1 WHERE "id" = NEW."key_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_bump_key_accounts_version" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "bump_key_accounts_version"();
