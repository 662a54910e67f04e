/** /buyer-demands (issue 19) and the marketplace search intake. */
export {};
