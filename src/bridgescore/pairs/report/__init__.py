"""pairs/report"""
