-- Every API process caches who a credential is for a few seconds (API keys with their agent's
-- role, machine clients' grants). A change to what those caches hold notifies the channel
-- auth_changes, and each process's listener (src/auth/auth-changes.ts) forgets what it cached.
-- Triggers rather than code: every writer is covered (the service, the admin command line, SQL by
-- hand), and NOTIFY inside the writing transaction is delivered only if it commits. Identical
-- notifications of one transaction are sent once, so a bulk change costs one message a table.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- Only the columns a cached identity depends on: not api_keys.last_used_at, nor the counters
-- (trip_seq, live_trip_count) that every trip creation updates on accounts.
CREATE TRIGGER "api_keys_auth_change" AFTER UPDATE OF "revoked_at", "hash", "prefix", "agent_id", "account_id" OR DELETE OR TRUNCATE
  ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "memberships_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "accounts_auth_change" AFTER UPDATE OF "plan", "organisation_id" OR DELETE OR TRUNCATE
  ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "machine_clients_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE
  ON "machine_clients" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "machine_client_grants_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "machine_client_grants" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
