-- The request of each delivery as it was sent (decisions "Webhooks and events": each delivery is
-- recorded with its request): the URL and the headers, beside the body already kept.
ALTER TABLE "deliveries" ADD COLUMN "request_url" TEXT,
ADD COLUMN "request_headers" JSONB;
