// Every paged list the harness checks, with how to put rows into it. Paging checks run over all
// of them; a new paged endpoint is one entry here.

import { runConfig } from "../../runner/client/run-config.ts";
import { createAgent } from "./agents.ts";
import { callingSetup, placeCall } from "./calls.ts";
import { pagingConversation, sendMessage, settledConversation, waitForReply } from "./conversations.ts";
import { createKb, reviewedKb } from "./knowledge.ts";
import { type PagedEndpoint, pagedList } from "./pages.ts";
import { buyNumber, carrierAccount, importFreshNumber } from "./telephony.ts";
import { WEBHOOK_PAGED_ENDPOINTS } from "./webhooks.ts";
import { websiteUrl } from "./website.ts";
import { WORKSPACE_PAGED_ENDPOINTS } from "./workspace-lists.ts";

export const PAGED_ENDPOINTS: PagedEndpoint[] = [
  pagedList("agent.list", {
    name: "agents",
    addRow: async () => {
      await createAgent();
    },
  }),
  pagedList("kb.pages", {
    name: "knowledge-base pages",
    // A knowledge base's pages are what its crawl found: one crawl of the website simulator, capped above
    // the paging checks' 7 rows, fills the list (without wiring, an empty list; those checks then skip).
    params: async () => {
      const wired = runConfig().target.wired && runConfig().target.simulators.website !== undefined;
      const kb = wired ? await reviewedKb({ urls: [`${websiteUrl()}/`], max_pages: 12 }) : (await createKb()).kb;
      return { kb_id: kb.id };
    },
    // Rows cannot be added to a crawled list one at a time; the crawl already gave more than enough.
    addRow: async () => undefined,
    needs: ["wiring"],
  }),
  pagedList("remote-number.list", {
    name: "remote numbers",
    params: async () => ({ account_id: (await carrierAccount()).id }),
    addRow: async () => {
      await buyNumber();
    },
    needs: ["wiring"],
  }),
  pagedList("phone.list", {
    name: "phone numbers",
    addRow: async () => {
      await importFreshNumber();
    },
    // A number to import is bought at the carrier first: a row of the remote numbers too.
    alsoMoves: ["remote numbers"],
    needs: ["wiring"],
  }),
  pagedList("call.list", {
    name: "calls",
    // Calls are never deleted, so the whole list grows with every run (and is huge on a live region):
    // this run's paging calls share one contact_key, a filter the spec names, which bounds the list.
    filter: () => ({ contact_key: pagingContactKey() }),
    addRow: async () => {
      await placeCall({ contactKey: pagingContactKey() });
    },
    // The agent and the imported number every call is placed with.
    setUp: callingSetup,
    needs: ["wiring"],
  }),
  pagedList("conversation.items", {
    name: "conversation items",
    // One conversation; a row is a message whose reply is stored before addRow returns, so the list
    // holds still while the checks page through it.
    params: async () => ({ conversation_id: (await pagingConversation()).conversationId }),
    addRow: async () => {
      const { conversationId } = await pagingConversation();
      const sent = await sendMessage({ conversation_id: conversationId });
      await waitForReply(conversationId, sent.item.id);
    },
    // Every message goes to the one conversation, each once the reply to the one before is stored.
    rowsOneAtATime: true,
    // The conversation paged through is a new one.
    setUp: pagingConversation,
    needs: ["wiring"],
  }),
  pagedList("conversation.list", {
    name: "conversations",
    addRow: async () => {
      await settledConversation();
    },
    needs: ["wiring"],
  }),
  ...WEBHOOK_PAGED_ENDPOINTS,
  ...WORKSPACE_PAGED_ENDPOINTS,
];

/** The contact_key of every call the paging checks place in this run. */
const pagingContactKey = () => `${runConfig().prefix}paging`;
