// Route contracts of this module (issue 16); filled in by the module's handlers.
export {};
