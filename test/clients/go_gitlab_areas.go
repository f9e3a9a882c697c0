// go-gitlab (the library behind GitLab's Terraform provider) across the product's areas, the way a
// configuration-as-code run uses it: read and write instance settings, look the parent namespace up
// by path before creating under it, then groups, projects, protected branches, schedules, snippets,
// invitations, SAML links and broadcast messages. Any decode error (a JSON type GitLab would not
// send) fails the run. Prints JSON.
// Usage: go run go_gitlab_areas.go <url> <admin-token> <unique-suffix>
package main

import (
	"encoding/json"
	"fmt"
	"os"

	gitlab "github.com/xanzy/go-gitlab"
)

func must(err error, what string) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", what, err)
		os.Exit(1)
	}
}

func float(v float64) *float64 { return &v }

func main() {
	url, token, suffix := os.Args[1], os.Args[2], os.Args[3]
	client, err := gitlab.NewClient(token, gitlab.WithBaseURL(url+"/api/v4"))
	must(err, "client")
	out := map[string]interface{}{}

	// Settings: the decimal column travels as a JSON string; go-gitlab decodes it with `,string`.
	settings, _, err := client.Settings.GetSettings()
	must(err, "GetSettings")
	out["polling_before"] = settings.PollingIntervalMultiplier
	updated, _, err := client.Settings.UpdateSettings(&gitlab.UpdateSettingsOptions{PollingIntervalMultiplier: float(1.5), ExternalAuthorizationServiceTimeout: float(0.75)})
	must(err, "UpdateSettings")
	out["polling_after"] = updated.PollingIntervalMultiplier
	out["external_auth_timeout"] = updated.ExternalAuthorizationServiceTimeout
	_, _, err = client.Settings.UpdateSettings(&gitlab.UpdateSettingsOptions{PollingIntervalMultiplier: float(1)})
	must(err, "UpdateSettings (restore)")

	// Groups, and the namespace lookup a provider does before creating under a parent.
	parent, _, err := client.Groups.CreateGroup(&gitlab.CreateGroupOptions{Name: gitlab.String("Go parent " + suffix), Path: gitlab.String("go-parent-" + suffix), Visibility: gitlab.Visibility(gitlab.PrivateVisibility)})
	must(err, "CreateGroup")
	ns, _, err := client.Namespaces.GetNamespace(parent.FullPath)
	must(err, "GetNamespace")
	out["namespace"] = map[string]interface{}{"id_matches": ns.ID == parent.ID, "kind": ns.Kind, "full_path_matches": ns.FullPath == parent.FullPath, "plan": ns.Plan}
	exists, _, err := client.Namespaces.NamespaceExists("child", &gitlab.NamespaceExistsOptions{ParentID: gitlab.Int(parent.ID)})
	must(err, "NamespaceExists")
	out["child_exists_before"] = exists.Exists
	child, _, err := client.Groups.CreateGroup(&gitlab.CreateGroupOptions{Name: gitlab.String("Child"), Path: gitlab.String("child"), ParentID: gitlab.Int(ns.ID)})
	must(err, "CreateGroup (child)")
	exists, _, err = client.Namespaces.NamespaceExists("child", &gitlab.NamespaceExistsOptions{ParentID: gitlab.Int(parent.ID)})
	must(err, "NamespaceExists (after)")
	out["child_exists_after"] = exists.Exists
	out["child_suggests"] = exists.Suggests
	list, _, err := client.Namespaces.ListNamespaces(&gitlab.ListNamespacesOptions{Search: gitlab.String("go-parent-" + suffix)})
	must(err, "ListNamespaces")
	out["namespaces_found"] = len(list)
	_, _, err = client.Groups.UpdateGroup(child.ID, &gitlab.UpdateGroupOptions{Description: gitlab.String("managed by go")})
	must(err, "UpdateGroup")
	got, _, err := client.Groups.GetGroup(child.ID, &gitlab.GetGroupOptions{})
	must(err, "GetGroup")
	out["group_description"] = got.Description
	subgroups, _, err := client.Groups.ListSubGroups(parent.ID, &gitlab.ListSubGroupsOptions{})
	must(err, "ListSubGroups")
	out["subgroups"] = len(subgroups)

	// A project under the child group, with a protected branch, a schedule and a snippet.
	project, _, err := client.Projects.CreateProject(&gitlab.CreateProjectOptions{Name: gitlab.String("svc"), NamespaceID: gitlab.Int(child.ID), InitializeWithReadme: gitlab.Bool(true)})
	must(err, "CreateProject")
	project, _, err = client.Projects.GetProject(project.ID, &gitlab.GetProjectOptions{})
	must(err, "GetProject")
	out["project_path"] = project.PathWithNamespace == parent.FullPath+"/child/svc"
	_, _, err = client.ProtectedBranches.ProtectRepositoryBranches(project.ID, &gitlab.ProtectRepositoryBranchesOptions{Name: gitlab.String("release/*"), PushAccessLevel: gitlab.AccessLevel(gitlab.MaintainerPermissions), MergeAccessLevel: gitlab.AccessLevel(gitlab.DeveloperPermissions)})
	must(err, "ProtectRepositoryBranches")
	branches, _, err := client.ProtectedBranches.ListProtectedBranches(project.ID, &gitlab.ListProtectedBranchesOptions{})
	must(err, "ListProtectedBranches")
	names := []string{}
	for _, b := range branches {
		names = append(names, b.Name)
	}
	out["protected"] = names
	schedule, _, err := client.PipelineSchedules.CreatePipelineSchedule(project.ID, &gitlab.CreatePipelineScheduleOptions{Description: gitlab.String("nightly"), Ref: gitlab.String("main"), Cron: gitlab.String("0 3 * * *"), CronTimezone: gitlab.String("UTC"), Active: gitlab.Bool(false)})
	must(err, "CreatePipelineSchedule")
	out["schedule"] = map[string]interface{}{"description": schedule.Description, "cron": schedule.Cron, "active": schedule.Active}
	schedules, _, err := client.PipelineSchedules.ListPipelineSchedules(project.ID, &gitlab.ListPipelineSchedulesOptions{})
	must(err, "ListPipelineSchedules")
	out["schedules"] = len(schedules)
	snippet, _, err := client.ProjectSnippets.CreateSnippet(project.ID, &gitlab.CreateProjectSnippetOptions{Title: gitlab.String("howto"), FileName: gitlab.String("howto.md"), Content: gitlab.String("# how"), Visibility: gitlab.Visibility(gitlab.PrivateVisibility)})
	must(err, "CreateSnippet")
	snippets, _, err := client.ProjectSnippets.ListSnippets(project.ID, &gitlab.ListProjectSnippetsOptions{})
	must(err, "ListSnippets")
	out["snippet"] = map[string]interface{}{"title": snippet.Title, "file_name": snippet.FileName, "listed": len(snippets)}

	// Invitations and SAML links on the parent group.
	invited, _, err := client.Invites.GroupInvites(parent.ID, &gitlab.InvitesOptions{Email: gitlab.String("go-" + suffix + "@example.com"), AccessLevel: gitlab.AccessLevel(gitlab.DeveloperPermissions)})
	must(err, "GroupInvites")
	out["invite_status"] = invited.Status
	pending, _, err := client.Invites.ListPendingGroupInvitations(parent.ID, &gitlab.ListPendingInvitationsOptions{})
	must(err, "ListPendingGroupInvitations")
	out["pending"] = len(pending)
	link, _, err := client.Groups.AddGroupSAMLLink(parent.ID, &gitlab.AddGroupSAMLLinkOptions{SAMLGroupName: gitlab.String("go-devs"), AccessLevel: gitlab.AccessLevel(gitlab.DeveloperPermissions)})
	must(err, "AddGroupSAMLLink")
	links, _, err := client.Groups.ListGroupSAMLLinks(parent.ID)
	must(err, "ListGroupSAMLLinks")
	out["saml"] = map[string]interface{}{"name": link.Name, "access_level": int(link.AccessLevel), "listed": len(links)}

	// Broadcast messages.
	message, _, err := client.BroadcastMessage.CreateBroadcastMessage(&gitlab.CreateBroadcastMessageOptions{Message: gitlab.String("go says hi " + suffix), Color: gitlab.String("#e75e40")})
	must(err, "CreateBroadcastMessage")
	fetched, _, err := client.BroadcastMessage.GetBroadcastMessage(message.ID)
	must(err, "GetBroadcastMessage")
	out["broadcast"] = fetched.Message
	_, err = client.BroadcastMessage.DeleteBroadcastMessage(message.ID)
	must(err, "DeleteBroadcastMessage")

	enc, _ := json.Marshal(out)
	fmt.Println(string(enc))
}
