-- The auth_changes notifications say what changed, so each process forgets only the cached
-- credentials concerned instead of all of them: creating an account (a membership) or a key no
-- longer empties every process's caches. One JSON message a changed row, from triggers, still
-- inside the writing transaction (sent only on commit; identical messages of one transaction are
-- sent once):
--   {"apiKeyId": n}                      a key revoked, deleted or moved
--   {"agentId": n, "accountId": n}       a membership added, changed or removed
--   {"accountId": n}                     an account's plan or organisation changed, or it was deleted
--   {"clientId": "mc_..."}               a machine client or one of its grants changed
--   {"all": true}                        a table was truncated
-- src/auth/auth-changes.ts reads them; anything else it does not understand clears everything.
DROP TRIGGER "api_keys_auth_change" ON "api_keys";
DROP TRIGGER "memberships_auth_change" ON "memberships";
DROP TRIGGER "accounts_auth_change" ON "accounts";
DROP TRIGGER "machine_clients_auth_change" ON "machine_clients";
DROP TRIGGER "machine_client_grants_auth_change" ON "machine_client_grants";
DROP FUNCTION "notify_auth_change"();

CREATE FUNCTION "auth_change_notify"(payload json) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('auth_changes', payload::text);
$$;

CREATE FUNCTION "auth_change_api_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_change_notify(json_build_object('apiKeyId', OLD.id));
  RETURN NULL;
END $$;

CREATE FUNCTION "auth_change_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM auth_change_notify(json_build_object('agentId', OLD.agent_id, 'accountId', OLD.account_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM auth_change_notify(json_build_object('agentId', NEW.agent_id, 'accountId', NEW.account_id));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "auth_change_accounts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_change_notify(json_build_object('accountId', OLD.id));
  RETURN NULL;
END $$;

CREATE FUNCTION "auth_change_machine_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_change_notify(json_build_object('clientId', OLD.client_id));
  IF TG_OP = 'UPDATE' AND NEW.client_id <> OLD.client_id THEN
    PERFORM auth_change_notify(json_build_object('clientId', NEW.client_id));
  END IF;
  RETURN NULL;
END $$;

-- A grant names its client by row id; the message carries the client's clientId. A grant deleted
-- with its client finds no client any more, and the client's own trigger has said it.
CREATE FUNCTION "auth_change_machine_client_grants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_change_notify(json_build_object('clientId', c.client_id))
  FROM machine_clients c
  WHERE c.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.client_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.client_id END);
  RETURN NULL;
END $$;

CREATE FUNCTION "auth_change_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_change_notify(json_build_object('all', true));
  RETURN NULL;
END $$;

-- Only the columns a cached identity depends on: not api_keys.last_used_at, nor the counters
-- (trip_seq, live_trip_count) that every trip creation updates on accounts. A key or a client
-- created is not cached anywhere yet, so inserts say nothing.
CREATE TRIGGER "api_keys_auth_change" AFTER UPDATE OF "revoked_at", "hash", "prefix", "agent_id", "account_id" OR DELETE
  ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "auth_change_api_keys"();
CREATE TRIGGER "memberships_auth_change" AFTER INSERT OR UPDATE OR DELETE
  ON "memberships" FOR EACH ROW EXECUTE FUNCTION "auth_change_memberships"();
CREATE TRIGGER "accounts_auth_change" AFTER UPDATE OF "plan", "organisation_id" OR DELETE
  ON "accounts" FOR EACH ROW EXECUTE FUNCTION "auth_change_accounts"();
CREATE TRIGGER "machine_clients_auth_change" AFTER UPDATE OR DELETE
  ON "machine_clients" FOR EACH ROW EXECUTE FUNCTION "auth_change_machine_clients"();
CREATE TRIGGER "machine_client_grants_auth_change" AFTER INSERT OR UPDATE OR DELETE
  ON "machine_client_grants" FOR EACH ROW EXECUTE FUNCTION "auth_change_machine_client_grants"();

CREATE TRIGGER "api_keys_auth_truncate" AFTER TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "auth_change_all"();
CREATE TRIGGER "memberships_auth_truncate" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "auth_change_all"();
CREATE TRIGGER "accounts_auth_truncate" AFTER TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "auth_change_all"();
CREATE TRIGGER "machine_clients_auth_truncate" AFTER TRUNCATE ON "machine_clients" FOR EACH STATEMENT EXECUTE FUNCTION "auth_change_all"();
CREATE TRIGGER "machine_client_grants_auth_truncate" AFTER TRUNCATE ON "machine_client_grants" FOR EACH STATEMENT EXECUTE FUNCTION "auth_change_all"();
