/** /buyer-demands (issue 19): what buyers ask for, from enquiries and marketplace searches. Route contracts. */
export {};
