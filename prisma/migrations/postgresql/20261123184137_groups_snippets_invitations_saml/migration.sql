-- AlterTable
ALTER TABLE "User" ADD COLUMN     "botResourceId" INTEGER,
ADD COLUMN     "botResourceType" TEXT,
ADD COLUMN     "enterpriseGroupId" INTEGER;

-- AlterTable
ALTER TABLE "Namespace" ADD COLUMN     "archived" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "avatarFilename" TEXT,
ADD COLUMN     "avatarPath" TEXT,
ADD COLUMN     "markedForDeletionOn" TIMESTAMP(3),
ADD COLUMN     "runnersTokenEnc" TEXT,
ADD COLUMN     "settings" TEXT NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "CustomAttribute" (
    "id" SERIAL NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomAttribute_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" SERIAL NOT NULL,
    "sourceType" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "emailLower" TEXT NOT NULL,
    "accessLevel" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "tokenDigest" TEXT NOT NULL,
    "inviteSource" TEXT NOT NULL DEFAULT 'invitations-api',
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MemberApproval" (
    "id" SERIAL NOT NULL,
    "sourceType" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "accessLevel" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "requestedById" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reviewedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MemberApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Identity" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'group_saml',
    "externUid" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Identity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SamlGroupLink" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "samlGroupName" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT '',
    "accessLevel" INTEGER NOT NULL,
    "memberRoleId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SamlGroupLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Snippet" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER,
    "authorId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "headSha" TEXT NOT NULL,
    "userAgent" TEXT NOT NULL DEFAULT '',
    "ipAddress" TEXT NOT NULL DEFAULT '',
    "spamfilterSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Snippet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SnippetVersion" (
    "id" SERIAL NOT NULL,
    "snippetId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "parentSha" TEXT,
    "files" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "authorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SnippetVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SnippetBlob" (
    "id" SERIAL NOT NULL,
    "snippetId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "size" INTEGER NOT NULL,

    CONSTRAINT "SnippetBlob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomAttribute_subjectType_key_value_idx" ON "CustomAttribute"("subjectType", "key", "value");

-- CreateIndex
CREATE UNIQUE INDEX "CustomAttribute_subjectType_subjectId_key_key" ON "CustomAttribute"("subjectType", "subjectId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenDigest_key" ON "Invitation"("tokenDigest");

-- CreateIndex
CREATE INDEX "Invitation_emailLower_idx" ON "Invitation"("emailLower");

-- CreateIndex
CREATE INDEX "Invitation_sourceType_sourceId_id_idx" ON "Invitation"("sourceType", "sourceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_sourceType_sourceId_emailLower_key" ON "Invitation"("sourceType", "sourceId", "emailLower");

-- CreateIndex
CREATE INDEX "MemberApproval_status_id_idx" ON "MemberApproval"("status", "id");

-- CreateIndex
CREATE INDEX "MemberApproval_sourceType_sourceId_userId_idx" ON "MemberApproval"("sourceType", "sourceId", "userId");

-- CreateIndex
CREATE INDEX "Identity_userId_idx" ON "Identity"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Identity_groupId_externUid_key" ON "Identity"("groupId", "externUid");

-- CreateIndex
CREATE UNIQUE INDEX "Identity_groupId_userId_key" ON "Identity"("groupId", "userId");

-- CreateIndex
CREATE INDEX "SamlGroupLink_samlGroupName_idx" ON "SamlGroupLink"("samlGroupName");

-- CreateIndex
CREATE UNIQUE INDEX "SamlGroupLink_groupId_samlGroupName_provider_key" ON "SamlGroupLink"("groupId", "samlGroupName", "provider");

-- CreateIndex
CREATE INDEX "Snippet_projectId_id_idx" ON "Snippet"("projectId", "id");

-- CreateIndex
CREATE INDEX "Snippet_authorId_id_idx" ON "Snippet"("authorId", "id");

-- CreateIndex
CREATE INDEX "SnippetVersion_snippetId_id_idx" ON "SnippetVersion"("snippetId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SnippetVersion_snippetId_sha_key" ON "SnippetVersion"("snippetId", "sha");

-- CreateIndex
CREATE UNIQUE INDEX "SnippetBlob_snippetId_sha_key" ON "SnippetBlob"("snippetId", "sha");

-- CreateIndex
CREATE INDEX "User_enterpriseGroupId_id_idx" ON "User"("enterpriseGroupId", "id");

-- CreateIndex
CREATE INDEX "User_botResourceType_botResourceId_idx" ON "User"("botResourceType", "botResourceId");

-- AddForeignKey
ALTER TABLE "Identity" ADD CONSTRAINT "Identity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Snippet" ADD CONSTRAINT "Snippet_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Snippet" ADD CONSTRAINT "Snippet_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SnippetVersion" ADD CONSTRAINT "SnippetVersion_snippetId_fkey" FOREIGN KEY ("snippetId") REFERENCES "Snippet"("id") ON DELETE CASCADE ON UPDATE CASCADE;
