-- AddForeignKey
ALTER TABLE "SnippetBlob" ADD CONSTRAINT "SnippetBlob_snippetId_fkey" FOREIGN KEY ("snippetId") REFERENCES "Snippet"("id") ON DELETE CASCADE ON UPDATE CASCADE;
