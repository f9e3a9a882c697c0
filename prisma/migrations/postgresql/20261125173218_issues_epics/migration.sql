-- AlterTable
ALTER TABLE "Namespace" ADD COLUMN     "lastEpicIid" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "issuesAccessLevel" TEXT NOT NULL DEFAULT 'enabled',
ADD COLUMN     "lastIssueIid" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Issue" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "iid" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "state" TEXT NOT NULL DEFAULT 'opened',
    "authorId" INTEGER,
    "confidential" BOOLEAN NOT NULL DEFAULT false,
    "dueDate" TEXT,
    "weight" INTEGER,
    "discussionLocked" BOOLEAN,
    "relativePosition" INTEGER,
    "closedAt" TIMESTAMP(3),
    "closedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Issue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueAssignee" (
    "issueId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "IssueAssignee_pkey" PRIMARY KEY ("issueId","userId")
);

-- CreateTable
CREATE TABLE "IssueLabel" (
    "issueId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "IssueLabel_pkey" PRIMARY KEY ("issueId","name")
);

-- CreateTable
CREATE TABLE "Epic" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "iid" INTEGER NOT NULL,
    "parentId" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "state" TEXT NOT NULL DEFAULT 'opened',
    "authorId" INTEGER,
    "confidential" BOOLEAN NOT NULL DEFAULT false,
    "startDateFixed" TEXT,
    "startDateIsFixed" BOOLEAN NOT NULL DEFAULT false,
    "dueDateFixed" TEXT,
    "dueDateIsFixed" BOOLEAN NOT NULL DEFAULT false,
    "color" TEXT NOT NULL DEFAULT '#1068bf',
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Epic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EpicLabel" (
    "epicId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "EpicLabel_pkey" PRIMARY KEY ("epicId","name")
);

-- CreateTable
CREATE TABLE "WorkItemParentLink" (
    "id" SERIAL NOT NULL,
    "parentId" INTEGER NOT NULL,
    "childId" INTEGER NOT NULL,
    "relativePosition" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkItemParentLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Issue_projectId_state_id_idx" ON "Issue"("projectId", "state", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_createdAt_id_idx" ON "Issue"("projectId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_updatedAt_id_idx" ON "Issue"("projectId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_title_id_idx" ON "Issue"("projectId", "title", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_dueDate_id_idx" ON "Issue"("projectId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_weight_id_idx" ON "Issue"("projectId", "weight", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_relativePosition_id_idx" ON "Issue"("projectId", "relativePosition", "id");

-- CreateIndex
CREATE INDEX "Issue_authorId_idx" ON "Issue"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "Issue_projectId_iid_key" ON "Issue"("projectId", "iid");

-- CreateIndex
CREATE INDEX "IssueAssignee_userId_issueId_idx" ON "IssueAssignee"("userId", "issueId");

-- CreateIndex
CREATE INDEX "IssueLabel_name_issueId_idx" ON "IssueLabel"("name", "issueId");

-- CreateIndex
CREATE INDEX "Epic_groupId_id_idx" ON "Epic"("groupId", "id");

-- CreateIndex
CREATE INDEX "Epic_groupId_createdAt_id_idx" ON "Epic"("groupId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Epic_groupId_updatedAt_id_idx" ON "Epic"("groupId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Epic_groupId_title_id_idx" ON "Epic"("groupId", "title", "id");

-- CreateIndex
CREATE INDEX "Epic_parentId_idx" ON "Epic"("parentId");

-- CreateIndex
CREATE INDEX "Epic_authorId_idx" ON "Epic"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "Epic_groupId_iid_key" ON "Epic"("groupId", "iid");

-- CreateIndex
CREATE INDEX "EpicLabel_name_epicId_idx" ON "EpicLabel"("name", "epicId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkItemParentLink_childId_key" ON "WorkItemParentLink"("childId");

-- CreateIndex
CREATE INDEX "WorkItemParentLink_parentId_relativePosition_id_idx" ON "WorkItemParentLink"("parentId", "relativePosition", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WorkItemParentLink_parentId_relativePosition_key" ON "WorkItemParentLink"("parentId", "relativePosition");

-- AddForeignKey
ALTER TABLE "Issue" ADD CONSTRAINT "Issue_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Issue" ADD CONSTRAINT "Issue_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueAssignee" ADD CONSTRAINT "IssueAssignee_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueAssignee" ADD CONSTRAINT "IssueAssignee_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueLabel" ADD CONSTRAINT "IssueLabel_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Epic" ADD CONSTRAINT "Epic_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Epic" ADD CONSTRAINT "Epic_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Epic"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Epic" ADD CONSTRAINT "Epic_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EpicLabel" ADD CONSTRAINT "EpicLabel_epicId_fkey" FOREIGN KEY ("epicId") REFERENCES "Epic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkItemParentLink" ADD CONSTRAINT "WorkItemParentLink_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Epic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkItemParentLink" ADD CONSTRAINT "WorkItemParentLink_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;
